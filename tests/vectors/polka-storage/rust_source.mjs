// Reading polka-storage's Rust test files for extract.mjs: function bodies, hex string
// literals, `[n; 32]` arrays and the sector number (data only, never code).

// ---------------------------------------------------------------------------------------------
// Reading the Rust test files (data only: hex literals and small constants).
// ---------------------------------------------------------------------------------------------
export function fnBody(src, name, file) {
  const m = new RegExp(`\\bfn\\s+${name}\\s*\\(\\)[^{]*\\{`).exec(src);
  if (!m) throw new Error(`${file}: no function ${name}()`);
  // The body ends at the first line that is exactly "}" (rustfmt'd top-level fn).
  const start = m.index + m[0].length;
  const end = src.indexOf('\n}', start);
  if (end < 0) throw new Error(`${file}: cannot find the end of ${name}()`);
  return src.slice(start, end);
}

export function hexIn(src, name, file, bytes) {
  const body = fnBody(src, name, file);
  const all = [...body.matchAll(/"([0-9a-fA-F]+)"/g)];
  if (all.length !== 1) throw new Error(`${file}: ${name}() holds ${all.length} hex strings, expected 1`);
  const hex = all[0][1].toLowerCase();
  if (hex.length % 2) throw new Error(`${file}: ${name}(): odd-length hex`);
  const out = Uint8Array.from(Buffer.from(hex, 'hex'));
  if (bytes !== undefined && out.length !== bytes) {
    throw new Error(`${file}: ${name}(): ${out.length} bytes, expected ${bytes}`);
  }
  return out;
}

export function one(body, re, what, file) {
  const all = [...body.matchAll(new RegExp(re, 'g'))];
  if (all.length !== 1) throw new Error(`${file}: expected one ${what}, found ${all.length}`);
  return all[0];
}

// `let NAME = [Nu8; 32];`
export function filled(body, name, file) {
  const m = one(body, `let\\s+${name}\\s*=\\s*\\[(\\d+)u8;\\s*32\\]`, `${name} = [n; 32]`, file);
  return new Uint8Array(32).fill(Number(m[1]));
}

// The sector number, SectorNumber::new(N) (newer) or SectorNumber::from(Nu64) (older).
export function sectorNumber(body, file) {
  const m = one(body, `SectorNumber::(?:new\\((\\d+)\\)|from\\((\\d+)u64\\))`, 'sector number', file);
  return Number(m[1] ?? m[2]);
}
