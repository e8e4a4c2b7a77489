// nginx 1.22 (Debian's, /usr/sbin/nginx) against `ringlab place nginx`: one nginx process, run
// in the foreground from a temporary folder (config, pid, logs and temp paths all inside it) and
// stopped by its PID, holds every configuration: backends on free ports of 127.0.0.1 and
// 127.0.0.2 that answer with their own address, and one upstream per configuration
// (`hash $request_body [consistent]`) behind a location of a front server.
//
// The key travels as the request body and nginx hashes $request_body. That is the one route
// that keeps every byte: a query argument ($arg_k) is cut at '&', ' ' and '#', and a header
// ($http_x_key) loses leading and trailing blanks and cannot hold CR. nginx reads the whole
// body into memory (client_body_buffer_size is above the longest key) before it picks the
// upstream peer, and an empty body is the empty key.
//
// Where nginx's answer does not depend on the key (round-robin: the empty key, a single server,
// or no usable candidate in 20 tries), asking twice gives different servers; the real answer is
// then null, as ringlab's is. Each key is sent in two rounds, and a key whose two answers
// agree while ringlab says null is asked again until they differ (or 12 times).
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { freePort, onFreePorts, place, startServer } from "./lib.mjs";

const NGINX = "/usr/sbin/nginx";

// One response read from the front of `buffer`: { body, rest, close } ("" for a status other
// than 200; close: nginx closes the connection after it), or null while it is incomplete.
function readResponse(buffer) {
  const end = buffer.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const head = buffer.subarray(0, end).toString("latin1");
  const m = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (!m) throw new Error(`nginx answered without a length:\n${head}`);
  const length = Number(m[1]);
  if (buffer.length < end + 4 + length) return null;
  const status = Number(head.split(" ")[1]);
  const body = buffer.subarray(end + 4, end + 4 + length).toString("latin1");
  return {
    body: status === 200 ? body : "",
    rest: buffer.subarray(end + 4 + length),
    close: /\r\nconnection: *close/i.test(head),
  };
}

function requestHead(pathname, body) {
  return Buffer.from(`POST ${pathname} HTTP/1.1\r\nHost: ringlab\r\nContent-Length: ${body.length}\r\n\r\n`);
}

// Requests over `connections` keep-alive sockets, pipelined: each socket sends its share at once
// and reads the answers in order. Resolves to the body of each response ("" for a 502).
function request(port, pathname, bodies, connections = 8) {
  const answers = new Array(bodies.length);
  const share = Array.from({ length: connections }, () => []);
  bodies.forEach((_, i) => share[i % connections].push(i));
  return Promise.all(
    share.map(
      (indexes) =>
        new Promise((resolve, reject) => {
          if (indexes.length === 0) return resolve();
          const socket = connect({ host: "127.0.0.1", port });
          let buffer = Buffer.alloc(0);
          let next = 0;
          socket.on("error", reject);
          socket.on("connect", () => {
            const parts = [];
            for (const i of indexes) parts.push(requestHead(pathname, bodies[i]), bodies[i]);
            socket.write(Buffer.concat(parts));
          });
          socket.on("data", (chunk) => {
            buffer = Buffer.concat([buffer, chunk]);
            while (next < indexes.length) {
              let r;
              try {
                r = readResponse(buffer);
              } catch (e) {
                return reject(e);
              }
              if (!r) return;
              answers[indexes[next++]] = r.body;
              buffer = r.rest;
            }
            socket.end();
            resolve();
          });
        }),
    ),
  ).then(() => answers);
}

// One request at a time on one kept-alive connection, each sent once the last is answered: the
// same requests in the same order as a connection each, without a connection set up and torn
// down per request (thousands of them: the keys asked again below). A new connection is opened
// where nginx said it closes the last one.
function oneByOne(port) {
  let socket = null;
  let buffer = Buffer.alloc(0);
  let waiting = null;
  let closing = false;
  const fail = (e) => {
    const w = waiting;
    waiting = null;
    w?.reject(e);
  };
  const open = () => {
    buffer = Buffer.alloc(0);
    closing = false;
    const s = connect({ host: "127.0.0.1", port });
    // A connection left behind (nginx closes it) has no request waiting on it.
    s.on("error", (e) => socket === s && fail(e));
    s.on("close", () => {
      if (socket !== s) return;
      socket = null;
      fail(new Error("nginx closed the connection before it answered"));
    });
    s.on("data", (chunk) => {
      if (socket !== s) return;
      buffer = Buffer.concat([buffer, chunk]);
      let r;
      try {
        r = readResponse(buffer);
      } catch (e) {
        return fail(e);
      }
      if (!r || !waiting) return;
      buffer = r.rest;
      closing = r.close;
      const w = waiting;
      waiting = null;
      w.resolve(r.body);
    });
    return s;
  };
  return {
    ask(pathname, body) {
      if (socket && closing) {
        socket.destroy();
        socket = null;
      }
      socket ??= open();
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        socket.write(Buffer.concat([requestHead(pathname, body), body]));
      });
    },
    close() {
      socket?.destroy();
      socket = null;
    },
  };
}

// The configurations: servers as written (ADDR, WEIGHT, DOWN), "refused" marking an address
// where nothing listens (nginx tries it, fails and moves on; max_fails=0 keeps it from being
// marked failed for the requests after, so each request does the same).
function configurations(b, refusedPort) {
  const s = (address, weight = 1, down = false) => ({ address, weight, down });
  const refused = s(`127.0.0.1:${refusedPort}`);
  refused.refused = true;
  // Nothing listens on 127.0.0.3 either.
  const refused2 = s(`127.0.0.3:${refusedPort}`);
  refused2.refused = true;
  const four = (down) => [s(b[0]), s(b[1], 2, down), s(b[2]), s(b[3], 3)];
  return [
    { name: "consistent, weights 1,2,1,3", mode: "consistent", servers: four(false) },
    { name: "consistent, weights 1,2,1,3, one down", mode: "consistent", servers: four(true) },
    { name: "hash, weights 1,2,1,3", mode: "hash", servers: four(false) },
    { name: "hash, weights 1,2,1,3, one down", mode: "hash", servers: four(true) },
    { name: "consistent, 2 servers", mode: "consistent", servers: [s(b[4]), s(b[5])] },
    { name: "hash, 2 servers", mode: "hash", servers: [s(b[5]), s(b[4])] },
    {
      name: "hash, 6 servers, weights 1..6, two down",
      mode: "hash",
      servers: [s(b[0], 1), s(b[1], 2, true), s(b[2], 3), s(b[3], 4), s(b[4], 5, true), s(b[5], 6)],
    },
    {
      // Server strings as written: a port with a leading zero, another loopback address.
      name: "consistent, 7 as written, two down",
      mode: "consistent",
      quoted: true, // the upstream block writes its addresses in quotes, after a comment
      servers: [
        s(b[0]),
        s(b[1].replace(":", ":0"), 2),
        s(b[2], 1, true),
        s(b[6]),
        s(b[3], 5),
        s(b[4], 1, true),
        s(b[5], 3),
      ],
    },
    { name: "hash, 3 servers, two down", mode: "hash", servers: [s(b[0], 1, true), s(b[1]), s(b[2], 4, true)] },
    { name: "consistent, one server", mode: "consistent", servers: [s(b[3])] },
    // Mostly down: many keys meet 20 unusable candidates and fall back to round-robin (null).
    {
      name: "hash, weights 20,1,1,20, the 20s down",
      mode: "hash",
      servers: [s(b[0], 20, true), s(b[1]), s(b[2]), s(b[3], 20, true)],
    },
    {
      name: "consistent, weights 20,1,1,20, the 20s down",
      mode: "consistent",
      servers: [s(b[0], 20, true), s(b[1]), s(b[2]), s(b[3], 20, true)],
    },
    {
      name: "consistent, one server refuses",
      mode: "consistent",
      servers: [s(b[0]), refused, s(b[2], 2), s(b[3])],
    },
    { name: "hash, one server refuses", mode: "hash", servers: [s(b[0]), s(b[1], 2), refused, s(b[3])] },
    // Two that refuse: a key may fail twice before a server answers.
    {
      name: "consistent, two servers refuse",
      mode: "consistent",
      servers: [refused2, s(b[1]), refused, s(b[3], 2)],
    },
    { name: "hash, two servers refuse", mode: "hash", servers: [s(b[0]), refused, s(b[2]), refused2] },
  ];
}

// The real nginx's answers: one row { config, args, real } per configuration, args being
// `place nginx`'s flags for it. `ringlabOf(args)`, when given, is ringlab's answers: a key whose
// two answers agree while ringlab's is null is asked again (see above).
export async function real({ keys, dir, ringlabOf }) {
  if (!spawnSync("sh", ["-c", `command -v ${NGINX}`]).stdout?.length)
    throw new Error(`${NGINX} not found (nginx-light)`);
  // Every port at once, in the configuration nginx reads; all again on new ports if one was taken.
  const { server, front, configs, upstreams } = await onFreePorts(async () => {
    const front = await freePort();
    const backends = [];
    for (let i = 0; i < 6; i++) backends.push(`127.0.0.1:${await freePort()}`);
    backends.push(`127.0.0.2:${await freePort()}`);
    let refusedPort = await freePort();
    while (backends.some((b) => b.endsWith(`:${refusedPort}`)) || refusedPort === front) refusedPort = await freePort();
    const configs = configurations(backends, refusedPort);

    const upstreams = configs.map((c, i) => {
      const lines = c.servers.map(
        (s) =>
          `    server ${c.quoted ? `"${s.address}"  # as written` + "\n     " : s.address}${s.weight === 1 ? "" : ` weight=${s.weight}`}${s.down ? " down" : ""}${s.refused ? " max_fails=0" : ""};`,
      );
      return `  upstream u${i} {\n    hash $request_body${c.mode === "consistent" ? " consistent" : ""};\n${lines.join("\n")}\n    keepalive 16;\n  }`;
    });
    const conf = `daemon off;
master_process off;
worker_processes 1;
pid nginx.pid;
error_log error.log error;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path body; proxy_temp_path proxy; fastcgi_temp_path fastcgi; uwsgi_temp_path uwsgi; scgi_temp_path scgi;
  keepalive_requests 1000000;
${backends.map((b) => `  server { listen ${b}; keepalive_requests 1000000; location / { return 200 "$server_addr:$server_port"; } }`).join("\n")}
${upstreams.join("\n")}
  server {
    listen 127.0.0.1:${front};
    client_body_buffer_size 64k;
    client_max_body_size 1m;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    location = /ready { return 200 "ready"; }
${configs.map((_, i) => `    location = /u${i} { proxy_pass http://u${i}; }`).join("\n")}
  }
}
`;
    writeFileSync(path.join(dir, "nginx.conf"), conf);
    const log = path.join(dir, "error.log");
    const server = await startServer(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", log], {
      cwd: dir,
      log,
      ready: () => request(front, "/ready", [Buffer.alloc(0)], 1).then((a) => a[0] === "ready"),
    });
    return { server, front, configs, upstreams };
  });
  try {
    const rows = [];
    for (let i = 0; i < configs.length; i++) {
      const c = configs[i];
      // The server answering from ADDR:PORT, as the configuration writes it.
      const written = new Map();
      for (const s of c.servers) {
        const [host, port] = s.address.split(":");
        written.set(`${host}:${Number(port)}`, s.address);
      }
      const answer = (body) => (body === "" ? null : (written.get(body) ?? `unexpected ${body}`));
      // Two rounds; without ringlab's answers to say which keys to ask again, 24 (a key that
      // round-robin sends to one of two servers agrees 24 times once in 2^23).
      const real = (await request(front, `/u${i}`, keys)).map(answer);
      for (let round = 1; round < (ringlabOf ? 2 : 24); round++) {
        const again = (await request(front, `/u${i}`, keys)).map(answer);
        again.forEach((a, k) => {
          if (a !== real[k]) real[k] = null;
        });
      }

      // ringlab: the refused server is one nginx skips after trying it, which for where a key
      // ends up is a server marked down.
      const down = c.servers.filter((s) => s.down || s.refused).map((s) => s.address);
      const args = [
        "--servers",
        c.servers.map((s) => (s.weight === 1 ? s.address : `${s.address}=${s.weight}`)).join(","),
      ];
      args.push("--mode", c.mode);
      if (down.length) args.push("--down", down.join(","));
      const ours = ringlabOf ? ringlabOf(args) : keys.map(() => null);

      // Round-robin answers agree twice by chance: ask again, one at a time.
      const single = oneByOne(front);
      try {
        for (let k = 0; k < keys.length; k++) {
          if (ours[k] !== null || real[k] === null) continue;
          for (let t = 0; t < 12 && real[k] !== null; t++) {
            const again = await single.ask(`/u${i}`, keys[k]);
            if (answer(again) !== real[k]) real[k] = null;
          }
        }
      } finally {
        single.close();
      }
      const refused = c.servers.filter((s) => s.refused).map((s) => s.address);
      rows.push({ config: c.name, args, real, ringlab: ours, upstream: upstreams[i], refused, c });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

// Every configuration three times: from --servers/--mode/--down, from the very upstream block
// nginx loaded (--upstream FILE), a refusing server given as --down, and from --servers entries
// written as the block's server directives are ("ADDR weight=2 down max_fails=0").
export async function compare({ keys, dir }) {
  const rows = await real({ keys, dir, ringlabOf: (args) => place("nginx", args, keys, dir) });
  const out = [];
  rows.forEach(({ config, real, ringlab, upstream, refused, c }, i) => {
    out.push({ config, keys, ringlab, real });
    const entries = c.servers.map(
      (s) =>
        `${s.address}${s.weight === 1 ? "" : ` weight=${s.weight}`}${s.down ? " down" : ""}${s.refused ? " max_fails=0" : ""}`,
    );
    const listed = ["--servers", entries.join(","), "--mode", c.mode];
    if (refused.length) listed.push("--down", refused.join(","));
    out.push({ config: `${config} (server directives)`, keys, ringlab: place("nginx", listed, keys, dir), real });
    const file = path.join(dir, `upstream-${i}.conf`);
    writeFileSync(file, `${upstream}\n`);
    const args = ["--upstream", file];
    if (refused.length) args.push("--down", refused.join(","));
    out.push({ config: `${config} (--upstream)`, keys, ringlab: place("nginx", args, keys, dir), real });
  });
  return out;
}
