from django.urls import path

from . import views

urlpatterns = [
    path("settings/", views.settings_view, name="profile_settings"),
    path("settings/api-tokens/", views.create_api_token, name="api_token_create"),
    path("settings/api-tokens/<int:pk>/revoke/", views.revoke_api_token, name="api_token_revoke"),
    path("settings/export/", views.export_data, name="settings_export"),
    path("settings/delete/", views.delete_account, name="settings_delete_account"),
    path("settings/deleted/", views.account_deleted, name="account_deleted"),
    path("players/<str:username>/", views.public_profile, name="public_profile"),
    path("language/", views.set_language, name="set_language"),
]
