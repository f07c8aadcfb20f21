#!/usr/bin/env node
// A Bazaar bot in JavaScript (Node.js 18+, no packages): it starts the Bazaar engine, speaks
// engine protocol 2 over JSON lines, plays one seat of a whole game by its own simple rule
// (the first legal move, or a seeded random one) while the engine's built-in bot plays the
// other seats, and prints the result. See README.md here and docs/engine.md, "Version 2".
"use strict";

const { spawn } = require("node:child_process");
const readline = require("node:readline");

const HELP = `usage: node bot.js [--game ID] [--players N] [--seed S] [--seat K]
                   [--pick first|random] [--level LEVEL] [--engine CMD] [--quiet]
  --engine CMD   how to start the engine (default: $BAZAAR_ENGINE, else "bazaar engine");
                 words split at spaces, or a JSON array such as '["python", "-m", "bazaar.interop.engine"]'
  --level LEVEL  the engine's bot for the other seats: random, heuristic (default), easy, medium, hard`;

function options(argv) {
  const opts = {
    game: "buy-low-sell-high", players: 3, seed: 1, seat: 0, pick: "random",
    level: "heuristic", engine: process.env.BAZAAR_ENGINE || "bazaar engine", quiet: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i].replace(/^--/, "");
    if (key === "help") { console.log(HELP); process.exit(0); }
    if (key === "quiet") { opts.quiet = true; continue; }
    if (!(key in opts) || i + 1 >= argv.length) { console.error(HELP); process.exit(2); }
    const value = argv[++i];
    opts[key] = ["players", "seed", "seat"].includes(key) ? Number(value) : value;
  }
  return opts;
}

function command(text) {
  const words = text.trim().startsWith("[") ? JSON.parse(text) : text.trim().split(/\s+/);
  return { program: words[0], args: words.slice(1) };
}

// mulberry32: a tiny seeded generator, so a game with the same --seed replays exactly
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Engine {
  constructor(text) {
    const { program, args } = command(text);
    this.child = spawn(program, args, { stdio: ["pipe", "pipe", "inherit"] });
    this.child.on("error", (err) => { console.error(`cannot start ${text}: ${err.message}`); process.exit(1); });
    this.lines = readline.createInterface({ input: this.child.stdout })[Symbol.asyncIterator]();
  }

  // one request line out, exactly one reply line back
  async ask(request) {
    this.child.stdin.write(JSON.stringify(request) + "\n");
    const { value, done } = await this.lines.next();
    if (done) throw new Error(`the engine stopped before answering ${request.cmd}`);
    const reply = JSON.parse(value);
    if (!reply.ok) throw new Error(`${request.cmd}: ${reply.error} (code ${reply.code})`);
    return reply;
  }
}

async function main() {
  const opts = options(process.argv.slice(2));
  const random = seeded(opts.seed);
  const engine = new Engine(opts.engine);
  const say = (line) => { if (!opts.quiet) console.log(line); };
  await engine.ask({ cmd: "hello", protocol: 2 });
  const names = Array.from({ length: opts.players }, (_, k) => (k === opts.seat ? "node" : ""));
  let turn = await engine.ask({
    cmd: "new", game: opts.game, players: opts.players, seed: opts.seed, names,
  });
  let mine = 0;
  let theirs = 0;
  while (turn.to_move !== null) {
    if (turn.to_move === opts.seat) {
      const legal = (await engine.ask({ cmd: "legal", seat: opts.seat, lang: "en" })).legal;
      const move = opts.pick === "first" ? legal[0] : legal[Math.floor(random() * legal.length)];
      turn = await engine.ask({ cmd: "play", index: move.index, seat: opts.seat });
      say(`me  (seat ${opts.seat}): ${move.notation}  [${move.text}]`);
      mine++;
    } else {
      // the engine's bot plays the other seat; we see its move as our seat may see it
      turn = await engine.ask({
        cmd: "bot", level: opts.level, seed: opts.seed, play: true, seat: opts.seat,
      });
      say(`bot (seat ${turn.by}): ${turn.move.notation}`);
      theirs++;
    }
  }
  const result = await engine.ask({ cmd: "result" });
  await engine.ask({ cmd: "quit" });
  const won = result.winners.includes(opts.seat);
  say(`game over: scores ${result.scores.join(", ")}; winners ${result.winners.join(", ")}; ` +
      `seat ${opts.seat} ${won ? "won" : "did not win"}`);
  console.log(JSON.stringify({
    game: opts.game, players: opts.players, seed: opts.seed, seat: opts.seat,
    my_moves: mine, bot_moves: theirs, scores: result.scores, winners: result.winners,
    returns: result.returns,
  }));
}

// a reader that stops early (say, `| head`) is not an error
process.stdout.on("error", (err) => process.exit(err.code === "EPIPE" ? 0 : 1));
main().catch((err) => { console.error(err.message); process.exit(1); });
