from django.urls import path

from .views import FloorView

urlpatterns = [path("floor/", FloorView.as_view(), name="bench-floor")]
