// The Node that runs the project's scripts (npm test, npm start, the build). Imported first by them, so
// an older Node stops with a message instead of a syntax error deep in a dependency.
// Why 20: it is what this project's machines and CI image ship. Node 20 reached end of life in April 2026,
// so nothing that needs newer runs on it: code-server and the conformance suites run on a Node 24 that
// setupHost.mjs installs from npm, and the extension itself runs on VS Code's own Node.
const MINIMUM = 20;
const major = Number(process.versions.node.split('.')[0]);
if (major < MINIMUM) {
  console.error(`This project's scripts need Node ${MINIMUM} or newer; this is Node ${process.versions.node} (${process.execPath}).` +
    ` Install a newer Node (https://nodejs.org), then run the command again.`);
  process.exit(1);
}
