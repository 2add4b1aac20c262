"""Live tables: every open page of a game learns over a WebSocket when the game moved on.

A socket only ever hears "game N is at seq S (status)" for games its user may see, and "your games
changed" on its user's own group: never anyone's view. The page then fetches what it shows through the
same htmx requests as its polls (which it keeps, slowly, as the fallback). See docs/live.md.
"""
