"""Signal receivers: the outbox rows and the clock are written in the decision's own transaction."""
