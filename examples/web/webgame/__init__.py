"""The web example's server, in modules: options, the message schema, tables, the server.

``examples/web/app.py`` puts this folder's parent on ``sys.path`` and imports from here.
"""
