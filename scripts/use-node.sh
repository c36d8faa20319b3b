# Puts a supported Node.js first on PATH, for the shell that sources it:
#
#   . scripts/use-node.sh && npm ci && npm start
#
# The Node already on PATH is kept when it is supported (22.12 or newer, package.json "engines").
# Otherwise (Node 20 is end of life) the official Node 24 build is fetched once from the npm
# registry (the package node-<os>-<arch>, checked against the registry's integrity hash) into
# ~/.cache/review-desk and put first on PATH. REVIEW_DESK_NODE=22.23.3 asks for that version
# whatever is on PATH (CI tests each LTS line so).
#
# POSIX sh, sourced: it changes PATH and npm_config_nodedir (node-gyp builds against that Node's
# headers), and on failure it returns non-zero without closing the shell.

review_desk_use_node() {
  wanted=${REVIEW_DESK_NODE:-}
  if [ -z "$wanted" ]; then
    if node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 12) ? 0 : 1)' 2>/dev/null; then
      return 0
    fi
    wanted=24.21.0
  fi
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) platform=linux-x64 ;;
    Linux-aarch64 | Linux-arm64) platform=linux-arm64 ;;
    Darwin-arm64) platform=darwin-arm64 ;;
    Darwin-x86_64) platform=darwin-x64 ;;
    *)
      echo "use-node: no Node.js build on the npm registry for $(uname -s) $(uname -m); install Node.js 22.12 or newer." >&2
      return 1
      ;;
  esac
  dir=${XDG_CACHE_HOME:-$HOME/.cache}/review-desk/node-v$wanted-$platform
  if [ ! -x "$dir/bin/node" ]; then
    if ! command -v npm >/dev/null; then
      echo "use-node: npm is needed to fetch Node.js $wanted." >&2
      return 1
    fi
    echo "Fetching Node.js $wanted ($platform) from the npm registry into $dir…" >&2
    tmp=$(mktemp -d) || return 1
    if (cd "$tmp" && npm pack --silent "node-$platform@$wanted" >/dev/null && tar xzf ./*.tgz) &&
      mkdir -p "$(dirname "$dir")" && rm -rf "$dir" && mv "$tmp/package" "$dir"; then
      rm -rf "$tmp"
    else
      rm -rf "$tmp"
      echo "use-node: could not fetch node-$platform@$wanted from the npm registry." >&2
      return 1
    fi
  fi
  PATH="$dir/bin:$PATH"
  npm_config_nodedir=$dir
  export PATH npm_config_nodedir
  echo "Using Node.js $("$dir/bin/node" --version) from $dir" >&2
}

review_desk_use_node
review_desk_status=$?
unset -f review_desk_use_node
unset wanted platform dir tmp
[ "$review_desk_status" = 0 ]
