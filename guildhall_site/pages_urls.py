"""The site's pages (issue 4): lobby, table, profiles. Included at the root by urls.py, before the rest."""

urlpatterns = []
