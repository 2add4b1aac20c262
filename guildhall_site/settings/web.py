"""Settings of the web pages: accounts, lobby, table (issue 4). Read by base.py."""

WEB_APPS = []
WEB_MIDDLEWARE = []
WEB_CONTEXT_PROCESSORS = []
