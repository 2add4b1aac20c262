"""Time control: how long a seat may take, reminders before its deadline, what happens when time runs
out (the bot plays the turn, takes the seat over, or the game ends), and vacations that pause it.

The clock decides, the game's log records: every timeout is an entry made through the service layer
(``games.services``), and what the clock needs to know about past timeouts it reads from the engine
state replayed from that log. Messages about it (reminders, timeout notices) are written through the
notifications outbox; notifications never look at the clock.
"""
