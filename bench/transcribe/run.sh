#!/usr/bin/env bash
# Transcribe: word error rate of the default engine (pocketsphinx) on the
# flite fixture (five English sentences in a 30 s video) and the real-time
# factor (processing time / audio duration) of a transcribe job's work on this
# machine. WHISPER=/path/to/whisper-cli WHISPER_MODEL=/path/to/ggml-base.en.bin
# measures whisper.cpp instead. About 20 s.
set -euo pipefail
cd "$(dirname "$0")/../.."
args=(-runs "${RUNS:-3}")
if [[ -n "${WHISPER:-}" ]]; then args+=(-whisper "$WHISPER" -whisper-model "${WHISPER_MODEL:?}"); fi
go run ./bench/transcribe "${args[@]}"
