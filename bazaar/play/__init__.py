"""Running games for people: terminal rendering and the interactive game loop."""
