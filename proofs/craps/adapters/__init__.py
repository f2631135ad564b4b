"""Craps's doors: a table engine of protocol 2 played (`play:`), and a table's session log
read and judged (`table:` of a log), its sessions in shards."""
