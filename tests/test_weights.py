"""The engine's weight layout: no extra buffer types where the CPU reports AMX."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from summarizer.engine import weights
from summarizer.errors import ConfigError
from summarizer.run.codehash import engine_key

AMX_FLAGS = "flags\t\t: fpu vme avx2 avx512f amx_bf16 amx_tile amx_int8 avx_vnni\n"
PLAIN_FLAGS = "flags\t\t: fpu vme avx2 avx512f avx_vnni\n"


@pytest.mark.parametrize(
    ("text", "amx"),
    [
        pytest.param("processor\t: 0\n" + AMX_FLAGS, True, id="amx"),
        pytest.param("processor\t: 0\n" + PLAIN_FLAGS, False, id="no-amx"),
        pytest.param("model name\t: amx_tile in a name\n" + PLAIN_FLAGS, False, id="not-a-flag"),
    ],
)
def test_the_cpu_flags_say_whether_it_reports_amx(tmp_path: Path, text: str, amx: bool) -> None:
    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text(text)
    assert weights.cpu_reports_amx(cpuinfo) is amx


def test_an_unreadable_cpuinfo_reports_no_amx(tmp_path: Path) -> None:
    assert weights.cpu_reports_amx(tmp_path / "missing") is False


@pytest.mark.parametrize(("value", "extra"), [("1", True), ("0", False)])
def test_the_variable_overrides_the_cpu(monkeypatch: pytest.MonkeyPatch, value, extra) -> None:
    monkeypatch.setenv(weights.VARIABLE, value)
    assert weights.extra_buffers() is extra


def test_a_bad_value_says_what_is_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(weights.VARIABLE, "yes")
    with pytest.raises(ConfigError, match="use 1 .* or 0"):
        weights.extra_buffers()


def test_without_a_variable_the_cpu_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(weights.VARIABLE, raising=False)
    assert weights.extra_buffers() is (not weights.cpu_reports_amx())


def test_the_layout_is_in_the_engine_key(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setenv(weights.VARIABLE, "1")
    extra = engine_key(tmp_path, None, 4096)
    monkeypatch.setenv(weights.VARIABLE, "0")
    plain = engine_key(tmp_path, None, 4096)
    assert extra != plain and (extra["extra_buffers"], plain["extra_buffers"]) == (True, False)


@pytest.mark.skipif(importlib.util.find_spec("llama_cpp") is None, reason="no llama-cpp-python")
def test_install_makes_models_load_without_extra_buffers(monkeypatch: pytest.MonkeyPatch) -> None:
    import llama_cpp.llama_cpp as native

    monkeypatch.setattr(native, "llama_model_default_params", native.llama_model_default_params)
    monkeypatch.setenv(weights.VARIABLE, "0")
    weights.install()
    weights.install()  # a second install wraps nothing twice
    assert native.llama_model_default_params().use_extra_bufts is False
    assert native.llama_model_default_params.summarizer_plain_weights is True


@pytest.mark.skipif(importlib.util.find_spec("llama_cpp") is None, reason="no llama-cpp-python")
def test_install_keeps_llamas_default_where_repacking_is_allowed(monkeypatch) -> None:
    import llama_cpp.llama_cpp as native

    default = native.llama_model_default_params
    monkeypatch.setattr(native, "llama_model_default_params", default)
    monkeypatch.setenv(weights.VARIABLE, "1")
    weights.install()
    assert native.llama_model_default_params is default
