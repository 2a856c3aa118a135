// satellite.js as a web tracker runs it, for lab 06's CPU bench (bench-cpu.sh).
//
//     node satellitejs.mjs FILE DT STEPS OUT [REPEAT]
//
// Every element set of FILE (its "1 " and "2 " lines, first 69 columns) read by
// twoline2satrec (WGS-72, the improved mode), each propagated to t = k DT minutes,
// k = 0..STEPS-1, by sgp4(satrec, t); the states written to OUT as sgp4_cpu.c's format
// (7 doubles a time: code, r km, v km/s; NaN where sgp4 returns null, which it does for
// every error, 6 included). Prints "props seconds 1 version", the best of REPEAT (default
// 3) timings of the propagation alone, on the one thread JavaScript has. Run from the
// folder npm installed satellite.js in (bench-cpu.sh copies it there).
import { readFileSync, writeFileSync } from "node:fs";
import { sgp4, twoline2satrec } from "satellite.js";

const [path, dt, steps, out, repeat] = process.argv.slice(2);
const nsteps = Number(steps), ndt = Number(dt), nrep = Number(repeat ?? 3);
const lines = readFileSync(path, "utf8").split("\n");
const sats = [];
for (let i = 0; i + 1 < lines.length; i++)
	if (lines[i].startsWith("1 ") && lines[i + 1].startsWith("2 "))
		sats.push(twoline2satrec(lines[i].slice(0, 69), lines[i + 1].slice(0, 69)));
const states = new Float64Array(sats.length * nsteps * 7);
let best = Infinity;
for (let rep = 0; rep < nrep; rep++) {
	const t0 = process.hrtime.bigint();
	let j = 0;
	for (const sat of sats)
		for (let k = 0; k < nsteps; k++, j += 7) {
			const pv = sgp4(sat, k * ndt);
			states[j] = sat.error;
			if (pv && pv.position) {
				const { position: r, velocity: v } = pv;
				states[j + 1] = r.x, states[j + 2] = r.y, states[j + 3] = r.z;
				states[j + 4] = v.x, states[j + 5] = v.y, states[j + 6] = v.z;
			} else
				states.fill(NaN, j + 1, j + 7);
		}
	best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e9);
}
writeFileSync(out, states);
const version = JSON.parse(
	readFileSync(new URL("node_modules/satellite.js/package.json", import.meta.url), "utf8"),
).version;
console.log(sats.length * nsteps, best.toFixed(6), 1, version);
