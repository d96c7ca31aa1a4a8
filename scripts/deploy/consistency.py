#!/usr/bin/env python3
"""What scripts/check-deploy holds the deployment files to, beyond their schemas: that they agree with each other,
with the Dockerfile, with nginx.conf, with openapi.yaml and with the measured resources.

    consistency.py ROOT COMPOSE_CONFIG

ROOT is the repository (deploy/, Dockerfile, openapi.yaml are read there); COMPOSE_CONFIG is the output of
`docker-compose -f ROOT/deploy/compose.yaml config`: the file as Compose reads it, anchors and defaults resolved.
Prints one line per check and exits 1 on the first that fails.
"""

from __future__ import annotations

import glob
import importlib.util
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
passed = 0


def fail(message: str) -> None:
    print(f"check-deploy: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def ok(message: str) -> None:
    global passed
    passed += 1
    print(f"  ok  {message}")


def check(condition: bool, message: str, failure: str) -> None:
    if not condition:
        fail(failure)
    ok(message)


def seconds(text: str | int | float) -> float:
    """Compose durations (15s, 1m30s, 500ms) or a number of seconds."""
    if isinstance(text, (int, float)):
        return float(text)
    total, rest = 0.0, str(text)
    for number, unit in re.findall(r"(\d+(?:\.\d+)?)(ms|us|h|m|s)", rest):
        total += float(number) * {"h": 3600, "m": 60, "s": 1, "ms": 0.001, "us": 1e-6}[unit]
    if not re.fullmatch(r"((\d+(\.\d+)?)(ms|us|h|m|s))+", rest):
        fail(f"cannot read the duration {text!r}")
    return total


# ------------------------------------------------------------------------------------------------ the inputs
spec = importlib.util.spec_from_file_location("dockerfile", HERE.parent / "container" / "dockerfile.py")
dockerfile = importlib.util.module_from_spec(spec)
spec.loader.exec_module(dockerfile)
image = dockerfile.describe(str(ROOT / "Dockerfile"))
image_env = dict(pair.split("=", 1) for pair in image["RUNTIME_ENV"])
image_port = int(image_env.get("INSET_PORT", "8080"))
image_drain = float(image_env.get("INSET_SHUTDOWN_TIMEOUT", "10"))

compose = yaml.safe_load(Path(sys.argv[2]).read_text()) if len(sys.argv) > 2 else fail("no compose config given")
services = compose.get("services") or {}
kubernetes = [doc for path in sorted(glob.glob(str(ROOT / "deploy/kubernetes/*.yaml")))
              for doc in yaml.safe_load_all(Path(path).read_text()) if doc]
nginx = (ROOT / "deploy/nginx.conf").read_text()
nginx = re.sub(r"#[^\n]*", "", nginx)
openapi = yaml.safe_load((ROOT / "openapi.yaml").read_text())
readme = (ROOT / "deploy/README.md").read_text()
resources = (ROOT / "deploy/resources.md").read_text()


def get_paths() -> set[str]:
    return {path for path, item in (openapi.get("paths") or {}).items() if isinstance(item, dict) and "get" in item}


def one(kind: str) -> list[dict]:
    found = [doc for doc in kubernetes if doc.get("kind") == kind]
    if not found:
        fail(f"deploy/kubernetes/ has no {kind}")
    return found


def env_of(container: dict) -> dict[str, dict]:
    return {item["name"]: item for item in container.get("env") or []}


def matches(selector: dict, labels: dict) -> bool:
    return bool(selector) and all(labels.get(key) == value for key, value in selector.items())


# ----------------------------------------------------------------------------------------------------- compose
print("== compose.yaml (as `docker-compose config` resolves it)")
replicas = {name: service for name, service in services.items()
            if Path(str((service.get("build") or {}).get("context", "/nonexistent"))).resolve() == ROOT}
redis_services = {name: service for name, service in services.items()
                  if str(service.get("image", "")).startswith("redis:")}
nginx_services = {name: service for name, service in services.items()
                  if str(service.get("image", "")).startswith("nginx:")}
check(len(replicas) >= 2 and len(redis_services) == 1 and len(nginx_services) == 1,
      f"services: replicas {sorted(replicas)} built from the Dockerfile, Redis {sorted(redis_services)}, "
      f"nginx {sorted(nginx_services)}",
      f"expected two or more services built from the repository's Dockerfile, one redis:, one nginx:; found "
      f"{sorted(services)}")
(redis_name, redis_service), = redis_services.items()
(nginx_name, nginx_service), = nginx_services.items()

upstream = re.search(r"upstream\s+\S+\s*\{(.*?)\}", nginx, re.S)
upstream_servers = sorted(re.findall(r"^\s*server\s+(\S+?)(?:\s|;)", upstream.group(1), re.M)) if upstream else []
replica_ports = {}
for name, service in replicas.items():
    port = int((service.get("environment") or {}).get("INSET_PORT") or image_port)
    replica_ports[name] = port
expected = sorted(f"{name}:{port}" for name, port in replica_ports.items())
check(upstream_servers == expected,
      f"nginx.conf's upstream servers {upstream_servers} are the replicas on the image's port ({image_port}, "
      f"EXPOSE {' '.join(image['RUNTIME_EXPOSE'])})",
      f"nginx.conf's upstream servers {upstream_servers} are not the compose replicas on their port {expected}")
check(str(image_port) in image["RUNTIME_EXPOSE"], f"the Dockerfile EXPOSEs INSET_PORT {image_port}",
      f"the Dockerfile's INSET_PORT {image_port} is not among EXPOSE {image['RUNTIME_EXPOSE']}")

listen = re.findall(r"^\s*listen\s+(?:[\d.]+:)?(\d+)", nginx, re.M)
targets = [int(p["target"]) if isinstance(p, dict) else int(str(p).rsplit(":", 1)[-1].split("/")[0])
           for p in nginx_service.get("ports") or []]
check(len(listen) == 1 and targets == [int(listen[0])],
      f"{nginx_name} publishes the port nginx.conf listens on ({listen[0] if listen else '?'})",
      f"nginx.conf listens on {listen}, {nginx_name} publishes container ports {targets}")
mounts = [str(v) for v in nginx_service.get("volumes") or []]
conf = f"{ROOT / 'deploy/nginx.conf'}:/etc/nginx/nginx.conf"
check(any(m.startswith(conf) for m in mounts), f"{nginx_name} mounts deploy/nginx.conf as /etc/nginx/nginx.conf",
      f"{nginx_name} does not mount deploy/nginx.conf at /etc/nginx/nginx.conf: {mounts}")

for name, service in sorted(replicas.items()):
    environment = service.get("environment") or {}
    drain = float(environment.get("INSET_SHUTDOWN_TIMEOUT") or image_drain)
    grace = seconds(service.get("stop_grace_period", "10s"))
    check(grace > drain, f"{name}: stop_grace_period {grace:g} s > drain {drain:g} s (INSET_SHUTDOWN_TIMEOUT)",
          f"{name}: stop_grace_period {grace:g} s does not exceed the drain timeout {drain:g} s: SIGKILL would cut "
          "the drain short")
    test = (service.get("healthcheck") or {}).get("test")
    check(test in (None, ["CMD", *image["RUNTIME_HEALTHCHECK"]]),
          f"{name}: health check is the image's ({' '.join(image['RUNTIME_HEALTHCHECK'])})",
          f"{name}: health check {test} is not the image's HEALTHCHECK {image['RUNTIME_HEALTHCHECK']} (the image "
          "has no curl: the binary probes itself)")
    condition = ((service.get("depends_on") or {}).get(redis_name) or {}).get("condition")
    check(condition == "service_healthy", f"{name}: starts once {redis_name} is healthy",
          f"{name}: depends_on {redis_name} with condition {condition!r}, not service_healthy")
    store = str(environment.get("INSET_SESSION_STORE", ""))
    check(re.fullmatch(rf"redis://{re.escape(redis_name)}:6379(/\d+)?", store) is not None,
          f"{name}: INSET_SESSION_STORE {store} is the {redis_name} service",
          f"{name}: INSET_SESSION_STORE {store!r} is not redis://{redis_name}:6379/DB")
check(all(((nginx_service.get("depends_on") or {}).get(name) or {}).get("condition") == "service_healthy"
          for name in replicas), f"{nginx_name} starts once every replica is healthy",
      f"{nginx_name} must depend on every replica with condition service_healthy (it resolves their names at start)")

redis_command = redis_service.get("command") or []
redis_command = redis_command.split() if isinstance(redis_command, str) else [str(w) for w in redis_command]
check("--appendonly" in redis_command and redis_command[redis_command.index("--appendonly") + 1] == "yes"
      and "healthcheck" in redis_service,
      f"{redis_name}: AOF on ({' '.join(redis_command[1:])}), with a health check",
      f"{redis_name}: no --appendonly yes or no health check ({redis_command})")
volumes = redis_service.get("volumes") or []
named = [v for v in volumes if isinstance(v, str) and v.split(":")[0] in (compose.get("volumes") or {})
         and v.split(":")[1] == "/data"]
check(bool(named), f"{redis_name}: a named volume at /data", f"{redis_name}: no named volume at /data ({volumes})")
health_url = " ".join(str(w) for w in (nginx_service.get("healthcheck") or {}).get("test") or [])
health_path = re.search(r"http://[^/\s]+(/\S*)", health_url)
check(health_path is not None and health_path.group(1) in get_paths(),
      f"{nginx_name}: health check path {health_path.group(1) if health_path else '?'} is a GET in openapi.yaml",
      f"{nginx_name}: health check {health_url!r} names no GET path of openapi.yaml")

# --------------------------------------------------------------------------------------------------- kubernetes
print("== deploy/kubernetes/")
deployment = one("Deployment")[0]
pod = deployment["spec"]["template"]
pod_labels = pod["metadata"].get("labels") or {}
pod_spec = pod["spec"]
containers = {c["name"]: c for c in pod_spec["containers"]}
server = next((c for c in containers.values() if str(c.get("image", "")).split("/")[-1].split(":")[0]
               == str(next(iter(replicas.values())).get("image", "")).split(":")[0]), None)
if server is None:
    fail(f"the Deployment runs no image named as compose's replicas' ({next(iter(replicas.values())).get('image')})")
ok(f"the Deployment runs {server['image']}, the image compose builds")
env = env_of(server)

check(matches(deployment["spec"]["selector"].get("matchLabels") or {}, pod_labels),
      "the Deployment's selector matches its pods' labels", "the Deployment's selector does not match its pods")
ports = {p.get("name"): p["containerPort"] for p in server.get("ports") or []}
check(list(ports.values()) == [int(env.get("INSET_PORT", {}).get("value") or image_port)],
      f"container port {list(ports.values())} is INSET_PORT ({image_port} in the image)",
      f"container ports {ports} are not the INSET_PORT the server listens on ({image_port})")


def port_of(reference) -> int | None:
    return ports.get(reference) if isinstance(reference, str) else reference


openapi_get = get_paths()
for probe, path in (("livenessProbe", "/healthz"), ("readinessProbe", "/readyz")):
    http_get = (server.get(probe) or {}).get("httpGet") or {}
    check(http_get.get("path") == path and path in openapi_get and port_of(http_get.get("port")) in ports.values(),
          f"{probe}: GET {path} on port {port_of(http_get.get('port'))}, a path of openapi.yaml",
          f"{probe} is {http_get or 'missing'}: expected GET {path} (in openapi.yaml: {path in openapi_get}) on "
          f"the container's port")

drain = float(env.get("INSET_SHUTDOWN_TIMEOUT", {}).get("value") or image_drain)
pre_stop = ((server.get("lifecycle") or {}).get("preStop") or {})
pause = 0.0
if "exec" in pre_stop:
    command = pre_stop["exec"].get("command") or []
    if len(command) != 2 or not command[0].endswith("sleep"):
        fail(f"preStop runs {command}: only a sleep is understood here")
    pause = float(command[1])
elif "sleep" in pre_stop:
    pause = float(pre_stop["sleep"]["seconds"])
grace = float(pod_spec.get("terminationGracePeriodSeconds", 30))
check(grace > pause + drain,
      f"terminationGracePeriodSeconds {grace:g} > preStop pause {pause:g} s + drain {drain:g} s",
      f"terminationGracePeriodSeconds {grace:g} does not exceed the preStop pause ({pause:g} s) plus the drain "
      f"({drain:g} s, INSET_SHUTDOWN_TIMEOUT): SIGKILL would cut the drain short")

security, container_security = pod_spec.get("securityContext") or {}, server.get("securityContext") or {}
user = security.get("runAsUser", container_security.get("runAsUser"))
check(str(user) == image["RUNTIME_USER"].split(":")[0] and security.get("runAsNonRoot") is True
      and container_security.get("readOnlyRootFilesystem") is True
      and container_security.get("allowPrivilegeEscalation") is False,
      f"runs as the Dockerfile's USER {user}, non-root, read-only root file system, no privilege escalation",
      f"securityContext: runAsUser {user} (Dockerfile USER {image['RUNTIME_USER']}), runAsNonRoot "
      f"{security.get('runAsNonRoot')}, readOnlyRootFilesystem {container_security.get('readOnlyRootFilesystem')}, "
      f"allowPrivilegeEscalation {container_security.get('allowPrivilegeEscalation')}")
check(pod_spec.get("enableServiceLinks") is False,
      "enableServiceLinks: false (a Service named `inset` would otherwise set INSET_PORT=tcp://…)",
      "enableServiceLinks must be false: a Service named `inset` in the namespace would set INSET_PORT=tcp://… "
      "and the server would refuse to start")

token = (env.get("INSET_API_TOKEN", {}).get("valueFrom") or {}).get("secretKeyRef") or {}
created = re.search(r"kubectl create secret generic (\S+) --from-literal=([\w.-]+)=", readme)
check(bool(token) and created is not None and (token.get("name"), token.get("key")) == created.groups(),
      f"INSET_API_TOKEN from Secret {token.get('name')}, key {token.get('key')}, as deploy/README.md creates it",
      f"INSET_API_TOKEN must come from the Secret deploy/README.md's `kubectl create secret generic` line makes "
      f"({created.groups() if created else 'no such line'}); the Deployment reads {token or 'no secretKeyRef'}")

services_k8s = {s["metadata"]["name"]: s for s in one("Service")}
front = [s for s in services_k8s.values() if matches(s["spec"].get("selector") or {}, pod_labels)]
check(len(front) == 1 and all(port_of(p.get("targetPort", p["port"])) in ports.values() for p in front[0]["spec"]["ports"]),
      f"Service {front[0]['metadata']['name'] if front else '?'} selects the pods, on the container's port",
      "no single Service selects the Deployment's pods on its container port")

autoscaler = one("HorizontalPodAutoscaler")[0]
target = autoscaler["spec"]["scaleTargetRef"]
metrics = autoscaler["spec"].get("metrics") or []
cpu = [m for m in metrics if m.get("type") == "Resource" and m["resource"]["name"] == "cpu"]
requests = (server.get("resources") or {}).get("requests") or {}
check((target.get("kind"), target.get("name")) == ("Deployment", deployment["metadata"]["name"])
      and autoscaler["apiVersion"] == "autoscaling/v2" and cpu and "cpu" in requests
      and autoscaler["spec"].get("minReplicas", 1) >= 2 and "replicas" not in deployment["spec"],
      f"autoscaling/v2 HPA on CPU scales Deployment {target.get('name')} from {autoscaler['spec'].get('minReplicas')}"
      f" to {autoscaler['spec'].get('maxReplicas')}; the Deployment sets no replicas of its own, has a CPU request",
      "the HorizontalPodAutoscaler must be autoscaling/v2 on cpu, scale the Deployment from 2 or more, the Deployment "
      "must have a cpu request and no spec.replicas (apply would reset the autoscaler's count)")
for budget in [doc for doc in kubernetes if doc.get("kind") == "PodDisruptionBudget"]:
    check(matches(budget["spec"]["selector"].get("matchLabels") or {}, pod_labels),
          f"PodDisruptionBudget {budget['metadata']['name']} selects the pods",
          f"PodDisruptionBudget {budget['metadata']['name']} selects no pod of the Deployment")

statefulset = one("StatefulSet")[0]
redis_pod = statefulset["spec"]["template"]
redis_container = redis_pod["spec"]["containers"][0]
store = str(env.get("INSET_SESSION_STORE", {}).get("value", ""))
store_match = re.fullmatch(r"redis://([^:/@]+):(\d+)(/\d+)?", store)
redis_front = services_k8s.get(store_match.group(1)) if store_match else None
check(redis_front is not None and matches(redis_front["spec"].get("selector") or {}, redis_pod["metadata"]["labels"])
      and int(store_match.group(2)) in [p["port"] for p in redis_front["spec"]["ports"]]
      and statefulset["spec"].get("serviceName") == redis_front["metadata"]["name"],
      f"INSET_SESSION_STORE {store} is Service {store_match.group(1) if store_match else '?'}, which selects the "
      "Redis StatefulSet and governs it",
      f"INSET_SESSION_STORE {store!r} names no Service on that port selecting the Redis StatefulSet")
claims = [c["metadata"]["name"] for c in statefulset["spec"].get("volumeClaimTemplates") or []]
data = [m for m in redis_container.get("volumeMounts") or [] if m["name"] in claims and m["mountPath"] == "/data"]
redis_args = [str(w) for w in (redis_container.get("command") or []) + (redis_container.get("args") or [])]
check(bool(data) and redis_args == redis_command,
      f"Redis: a PersistentVolumeClaim at /data, and the command compose runs ({' '.join(redis_args)})",
      f"Redis: claim at /data {bool(data)}; its command {redis_args} must be compose's {redis_command}")

# ---------------------------------------------------------------------------------------------- measured
print("== deploy/resources.md (scripts/measure-resources)")
settings = re.search(r"^- server: as the Deployment runs it \(([^,]+),", resources, re.M)
measured = dict(pair.split("=", 1) for pair in settings.group(1).split()) if settings else {}
deployed = {name: env[name].get("value") for name in measured if name in env}
deployed.update({name: "on" for name in measured if name == "INSET_ACCESS_LOG" and name not in env})
check(bool(measured) and deployed == measured,
      f"the Deployment runs the server as it was measured ({' '.join(f'{k}={v}' for k, v in measured.items())})",
      f"the Deployment's settings {deployed} are not those measured {measured}: run scripts/measure-resources again")
derived = dict(re.findall(r"^- (cpu request|memory request|memory limit): (\S+)", resources, re.M))
limits = (server.get("resources") or {}).get("limits") or {}
have = {"cpu request": str(requests.get("cpu")), "memory request": str(requests.get("memory")),
        "memory limit": str(limits.get("memory"))}
check(len(derived) == 3 and have == derived,
      f"requests and limits are deploy/resources.md's ({', '.join(f'{k} {v}' for k, v in derived.items())})",
      f"the Deployment's resources {have} are not those deploy/resources.md derives {derived}")

print(f"{passed} consistency checks passed")
