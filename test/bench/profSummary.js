/* Summarises a .cpuprofile: self time by function and by package/file, top N. Usage: node profSummary.js file [N] */
const fs = require('fs');

const prof = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const N = Number(process.argv[3] ?? 30);
const byId = new Map(prof.nodes.map(n => [n.id, n]));
const self = new Map();
const dt = prof.timeDeltas;
for (let i = 0; i < prof.samples.length; i++)
  self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (dt[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const fnKey = n =>
  `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*node_modules\//, 'nm:').replace(/^.*\/work\/main\//, '')}:${n.callFrame.lineNumber + 1}`;
const fileKey = n => {
  const u = n.callFrame.url;
  if (!u) return n.callFrame.functionName;
  const m = u.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  return m ? `nm:${m[1]}` : u.replace(/^.*\/work\/main\//, '');
};
const agg = keyf => {
  const m = new Map();
  for (const [id, t] of self) {
    const k = keyf(byId.get(id));
    m.set(k, (m.get(k) ?? 0) + t);
  }
  return [...m].sort((a, b) => b[1] - a[1]);
};
console.log(`total sampled ${(total / 1000).toFixed(0)} ms`);
console.log('--- self time by file/package');
for (const [k, t] of agg(fileKey).slice(0, N))
  console.log(
    `${(t / 1000).toFixed(0).padStart(7)} ms ${((100 * t) / total).toFixed(1).padStart(5)}%  ${k}`,
  );
console.log('--- self time by function');
for (const [k, t] of agg(fnKey).slice(0, N))
  console.log(
    `${(t / 1000).toFixed(0).padStart(7)} ms ${((100 * t) / total).toFixed(1).padStart(5)}%  ${k}`,
  );
// inclusive time for selected function names
const parent = new Map();
for (const n of prof.nodes)
  for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const [id, t] of self) {
  const seen = new Set();
  let cur = id;
  while (cur !== undefined) {
    const k = fnKey(byId.get(cur));
    if (!seen.has(k)) {
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + t);
    }
    cur = parent.get(cur);
  }
}
console.log('--- inclusive time (top)');
for (const [k, t] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, N * 2))
  console.log(
    `${(t / 1000).toFixed(0).padStart(7)} ms ${((100 * t) / total).toFixed(1).padStart(5)}%  ${k}`,
  );
