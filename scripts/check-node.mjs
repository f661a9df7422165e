// Volant runs on Node 24 (brought in by the `node` devDependency). Fail loudly on anything older.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `\nVolant needs Node 24; this is Node ${process.versions.node}.\n` +
      'Run the command through npm (npm start / npm test), which puts node_modules/.bin/node first on PATH.\n' +
      'If node_modules/.bin/node is missing (install scripts were skipped), repair it with: npm rebuild node\n',
  );
  process.exit(1);
}
