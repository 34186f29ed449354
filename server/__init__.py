"""The I/O shell of Pizza Night: the web app, hub, rooms, stores and commands."""
