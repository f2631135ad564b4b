"""What passes between the checker and an engine: inputs and answers, the hello, the Engine
interface, the channel's log, and a table's money."""
