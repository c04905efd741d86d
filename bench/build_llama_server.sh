#!/usr/bin/env bash
# Build llama.cpp's `llama-server` alone from the llama.cpp sources vendored in
# llama-cpp-python's sdist (the same llama.cpp the embedded engine links), for the
# `llama_server` benchmark.
#
#   bench/build_llama_server.sh [OUT_DIR]        # default: bench/.llama-server
#
# Only the server target is built: no tests, examples, unified app or web UI (no npm,
# no download of prebuilt UI assets), no HTTPS (no OpenSSL), static libraries so the
# binary stands alone. Nothing is fetched but the sdist, through pip.
# Needs a C/C++ compiler, cmake and ninja (pip install cmake ninja if missing).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
OUT="${1:-$HERE/.llama-server}"
VERSION="${LLAMA_CPP_PYTHON_VERSION:-0.3.36}"
PY="${PYTHON:-python3}"
JOBS="${JOBS:-$(nproc)}"

mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
SRC="$OUT/src"

if [ ! -d "$SRC/llama_cpp_python-$VERSION" ]; then
    mkdir -p "$SRC"
    "$PY" -m pip download --quiet --no-binary :all: --no-deps \
        "llama-cpp-python==$VERSION" -d "$SRC"
    tar -xzf "$SRC/llama_cpp_python-$VERSION.tar.gz" -C "$SRC"
fi
LLAMA="$SRC/llama_cpp_python-$VERSION/vendor/llama.cpp"

GEN=()
if command -v ninja >/dev/null 2>&1; then GEN=(-G Ninja); fi

cmake -S "$LLAMA" -B "$OUT/build" "${GEN[@]}" \
    -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_SHARED_LIBS=OFF \
    -DLLAMA_BUILD_TESTS=OFF \
    -DLLAMA_BUILD_EXAMPLES=OFF \
    -DLLAMA_BUILD_TOOLS=ON \
    -DLLAMA_BUILD_SERVER=ON \
    -DLLAMA_BUILD_APP=OFF \
    -DLLAMA_BUILD_UI=OFF \
    -DLLAMA_USE_PREBUILT_UI=OFF \
    -DLLAMA_OPENSSL=OFF \
    -DLLAMA_CURL=OFF \
    -DLLAMA_BUILD_NUMBER=0 \
    -DLLAMA_BUILD_COMMIT="llama-cpp-python-$VERSION"

cmake --build "$OUT/build" --target llama-server -j "$JOBS"

cp "$OUT/build/bin/llama-server" "$OUT/llama-server"
cp "$LLAMA/LICENSE" "$OUT/LICENSE.llama.cpp"
ls -l "$OUT/llama-server"
