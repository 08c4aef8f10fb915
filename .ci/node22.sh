# Sourced by .ci/run: installs the Node.js named in .ci/node22/package.json into .ci/node22/ (from the
# npm registry: its `node` package fetches the platform's binary package) and puts it first on PATH
# for everything the run does, npm and its scripts included. The system's node is left as it is.
ci_node_dir="$PWD/.ci/node22"
ci_node_version="v$(sed -n 's/^ *"node": *"\([0-9][0-9.]*\)".*/\1/p' "$ci_node_dir/package.json")"
ci_node_bin="$ci_node_dir/node_modules/.bin"

if [ "$("$ci_node_bin/node" --version 2>/dev/null)" != "$ci_node_version" ]; then
  echo "--- installing Node.js $ci_node_version into .ci/node22 (npm registry)"
  if ! npm install --prefix "$ci_node_dir" --no-package-lock --no-audit --no-fund >&2; then
    echo "Could not install Node.js $ci_node_version from the npm registry into $ci_node_dir (npm install node@${ci_node_version#v} failed, see above)." >&2
    echo "The suite runs on Node 22 only: check the registry (npm config get registry) or install Node.js $ci_node_version and put it first on PATH." >&2
    exit 1
  fi
fi

export PATH="$ci_node_bin:$PATH"
hash -r
if [ "$(node --version 2>/dev/null)" != "$ci_node_version" ]; then
  echo "Node.js $ci_node_version is not the node on PATH after its install into $ci_node_dir (found: $(command -v node) $(node --version 2>&1))." >&2
  echo "Its binary comes from the node package's install script: make sure npm runs install scripts (npm config get ignore-scripts must be false)." >&2
  exit 1
fi
echo "--- node $(node --version) ($(command -v node)), npm $(npm --version)"
