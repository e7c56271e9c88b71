"""What `python3 build.py` runs, one module per job; build.py is only the command line over them.

- common: the checkout's paths, the build's log line, running a program, the cache of slow outputs
- runtime: Pyodide and PyScript from npm (npm ci, the files the page loads, the trimmed wasm, zstd)
- snapshot: the start-up snapshot made in Node, the loader that restores it, the start-up preloads
- stdlib_cut: Python's standard library cut to what the app imports
- site: the static site in dist/ (the app's archive, prerendered pages, the service worker's list)
- serve: the dev server
- testtools: what the tests need installed (.venv, Chromium, WebKit and Firefox, Pyodide's test tools)
- suite: the test command, stage by stage, each timed
- benches: the start-up and per-move benchmarks

Only the standard library is used: build.py runs on a fresh machine before anything is installed.
"""
