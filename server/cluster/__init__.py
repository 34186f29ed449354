"""Cluster mode: many hub processes share one Redis (DESIGN.md section 4, docs/deploy.md).

``ClusterHub`` (server.cluster.hub) replaces the plain hub when the store
can hold leases; ``server.cluster.drain.install`` makes SIGTERM hand rooms
over before the process exits.  ``relay`` moves frames between nodes and
``remote`` holds the stand-ins that make a socket on one node and a room
actor on another look local to each other.
"""
