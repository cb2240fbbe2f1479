"""The compose files agree with what the multi-host test runs: web and workers share no volume, and a
worker machine needs the site's database and broker only."""
import re
from pathlib import Path

import yaml

from worker_hosts import WORKER_HOST_NEEDS

ROOT = Path(__file__).resolve().parents[2]
PLATFORM = ("migrate", "web", "worker", "tables", "beat", "flower")


def _compose(name):
    return yaml.safe_load((ROOT / name).read_text())


def _required(environment):
    """The variables a compose file refuses to start without (``${NAME:?...}``)."""
    return {key for key, value in environment.items() if re.fullmatch(rf"\$\{{{key}:\?[^}}]*\}}", str(value))}


def test_the_site_shares_no_volume_between_the_web_server_and_the_workers():
    site = _compose("docker-compose.yml")
    services = site["services"]
    assert set(PLATFORM) <= set(services)
    for name in PLATFORM:
        assert not services[name].get("volumes"), f"{name} mounts {services[name].get('volumes')}"
        assert "MEDIA_ROOT" not in services[name]["environment"], name
    assert set(site["volumes"]) == {"pgdata"} and services["postgres"]["volumes"] == ["pgdata:/var/lib/postgresql/data"]


def test_a_worker_machine_needs_the_database_and_the_broker_only():
    site, hosts = _compose("docker-compose.yml")["services"], _compose("docker-compose.workers.yml")["services"]
    assert set(hosts) == {"worker", "tables"} and hosts["tables"]["profiles"] == ["tables"]
    for name, service in hosts.items():
        assert _required(service["environment"]) == set(service["environment"]) == set(WORKER_HOST_NEEDS), name
        assert not service.get("volumes") and not service.get("depends_on") and not service.get("ports"), name
        # the same queue and the same sandbox allowances as the site's own workers
        assert service["command"] == site[name]["command"] and service["security_opt"] == site[name]["security_opt"]
        assert service["image"] == site[name]["image"]
    site_env = site["worker"]["environment"]
    assert set(WORKER_HOST_NEEDS) <= set(site_env), "the site's workers get the same two"
