"""The previous release's tables of follows (app ``friends``) and blocks (app ``blocks``), kept as models
only for one release: the previous release reads and writes them while both run during an upgrade, and
this release keeps them in step with ``social.relations`` (social/relations/legacy.py). To contract in
the next release: remove these apps, their tables and the mirroring (with the table chat's ``Mute``)."""
