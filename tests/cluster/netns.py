"""Hubs in network namespaces of their own, for partitions made by the kernel (issue 28's nemesis).

Each hub gets a namespace and two veth pairs to this machine: a *store*
link (the hub reaches Redis over it) and a *phone* link (the test's phones
reach the hub over it), so either can be cut alone.  A cut is silent, as a
real partition is: both ends' neighbour entries are pointed at a MAC
address nobody has, so frames go out and are dropped on the other side;
nothing is refused, existing connections hang and new ones get no answer.
A heal puts the real entries back.  No kernel module, no iptables: only
``ip`` (iproute2), as root.  Under ``CI=true`` a machine without them fails
the tests rather than skipping them.
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess

import pytest

#: A MAC address no interface has (locally administered).
NOWHERE = "02:00:00:00:00:01"
_counter = itertools.count(1)


def require_netns() -> None:
    """Skip (fail under CI=true) unless this process may make network namespaces."""
    problem = None
    if os.geteuid() != 0:
        problem = "network namespaces need root"
    elif shutil.which("ip") is None:
        problem = "iproute2's ip is missing (apt-get install iproute2)"
    else:
        name = f"pnprobe{os.getpid() % 100000}"
        made = subprocess.run(["ip", "netns", "add", name], capture_output=True)
        subprocess.run(["ip", "netns", "del", name], capture_output=True)
        if made.returncode != 0:
            problem = f"ip netns add failed: {made.stderr.decode().strip()}"
    if problem is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(problem, pytrace=False)
        pytest.skip(problem)


def _ip(*args: str, netns: str | None = None, check: bool = True) -> None:
    command = ["ip", *args] if netns is None else ["ip", "netns", "exec", netns, "ip", *args]
    subprocess.run(command, check=check, capture_output=True)


class Link:
    """One veth pair: ``host`` end on this machine at ``host_ip``, ``inner`` end in the namespace at ``inner_ip``."""

    def __init__(self, netns: str, host: str, inner: str, host_ip: str, inner_ip: str) -> None:
        self.netns, self.host, self.inner, self.host_ip, self.inner_ip = netns, host, inner, host_ip, inner_ip
        self.cut_now = False

    def make(self) -> None:
        _ip("link", "add", self.host, "type", "veth", "peer", "name", self.inner)
        _ip("link", "set", self.inner, "netns", self.netns)
        _ip("addr", "add", f"{self.host_ip}/30", "dev", self.host)
        _ip("link", "set", self.host, "up")
        _ip("addr", "add", f"{self.inner_ip}/30", "dev", self.inner, netns=self.netns)
        _ip("link", "set", self.inner, "up", netns=self.netns)

    def cut(self) -> None:
        """Drop every frame both ways, silently."""
        _ip("neigh", "replace", self.inner_ip, "lladdr", NOWHERE, "nud", "permanent", "dev", self.host)
        _ip("neigh", "replace", self.host_ip, "lladdr", NOWHERE, "nud", "permanent", "dev", self.inner, netns=self.netns)
        self.cut_now = True

    def heal(self) -> None:
        _ip("neigh", "del", self.inner_ip, "dev", self.host, check=False)
        _ip("neigh", "del", self.host_ip, "dev", self.inner, netns=self.netns, check=False)
        self.cut_now = False


class Namespace:
    """A hub's network namespace with its store link and its phone link."""

    def __init__(self) -> None:
        n = next(_counter)
        tag = f"{os.getpid() % 10000}{n}"
        block = (os.getpid() + n) % 60
        self.name = f"pn{tag}"
        self.store = Link(self.name, f"pns{tag}", f"pni{tag}", f"10.{190 + block // 30}.{(block % 30) * 8}.1",
                          f"10.{190 + block // 30}.{(block % 30) * 8}.2")
        self.phones = Link(self.name, f"pps{tag}", f"ppi{tag}", f"10.{190 + block // 30}.{(block % 30) * 8 + 4}.1",
                           f"10.{190 + block // 30}.{(block % 30) * 8 + 4}.2")

    def make(self) -> Namespace:
        _ip("netns", "add", self.name)
        _ip("link", "set", "lo", "up", netns=self.name)
        self.store.make()
        self.phones.make()
        return self

    def remove(self) -> None:
        _ip("link", "del", self.store.host, check=False)
        _ip("link", "del", self.phones.host, check=False)
        _ip("netns", "del", self.name, check=False)
