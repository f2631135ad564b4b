#!/usr/bin/env node
// casino-proofs example TABLE engine (JavaScript, Node 20, no dependencies).
//
// A craps table for the wagers of s. 95.15 and 95.16 of Québec's By-law respecting casino
// games (chapter S-13.1, r. 3, version 2012-09-01), speaking protocol 2 ("the table
// interface") of docs/engine-protocol.md on stdin/stdout: bets are placed, called, withdrawn
// and settled on a table that keeps its own point, roll after roll, and money is paid in
// units of 0.01, rounded down.
//
// Written only from docs/engine-protocol.md and the regulation's text and conventions
// (regulation/{craps,conventions,readings}.toml). Clause IDs (r3-95.16-1.s2, ...) and
// convention IDs (conv-...) are cited where they decide something. Every reading takes its
// DEFAULT value; the engine lists no readings. The settlement of a single wager is the one of
// examples/engines/engine.js (protocol 1), copied here so that this file stands alone.
//
//   node table.js [--fault NAME ...]
//
//   --fault NAME   switch on a deliberate vendor bug (see FAULTS below); repeatable
'use strict';

// ---------------------------------------------------------------------------------------------
// Command line
// ---------------------------------------------------------------------------------------------

const FAULTS = {
  'odds-before-point': 'an Associate Chance is accepted on a Single Chance bet with no point yet',
  'odds-unfollow': 'Pass odds are decided one roll after the roll that decides their Pass bet',
  'hard-way-no-withdraw': 'a Hard Way withdrawal is refused after an inconclusive roll',
  'half-up-paid': 'the hello declares floor rounding but winnings are paid rounded half-up',
  'point-stays-after-seven-out': 'after a seven-out the table point stays on',
  'no-one-roll-on-come-out': 'one-roll wagers are refused on a come-out roll',
};

function parseArguments(argv) {
  const faults = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--fault' && Object.hasOwn(FAULTS, argv[i + 1] || '')) {
      i++;
      if (!faults.includes(argv[i])) faults.push(argv[i]);
    } else {
      const what = argv[i] === '--fault'
        ? `fault ${JSON.stringify(argv[i + 1] || '')}`
        : `argument ${JSON.stringify(argv[i])}`;
      const list = Object.entries(FAULTS).map(([name, bug]) => `  ${name}: ${bug}\n`).join('');
      process.stderr.write(`unknown ${what}\nusage: node table.js [--fault NAME ...]\n` +
                           `faults:\n${list}`);
      process.exit(2);
    }
  }
  return faults;
}

const FAULT_NAMES = parseArguments(process.argv.slice(2));
const FAULT = {
  oddsBeforePoint: FAULT_NAMES.includes('odds-before-point'),
  oddsUnfollow: FAULT_NAMES.includes('odds-unfollow'),
  hardWayNoWithdraw: FAULT_NAMES.includes('hard-way-no-withdraw'),
  halfUpPaid: FAULT_NAMES.includes('half-up-paid'),
  pointStays: FAULT_NAMES.includes('point-stays-after-seven-out'),
  noOneRollOnComeOut: FAULT_NAMES.includes('no-one-roll-on-come-out'),
};

// ---------------------------------------------------------------------------------------------
// Exact JSON. Integers are read as BigInt (an amount is never a float, whatever its size) and
// BigInt values are written as plain digits. Numbers with a fraction or an exponent are read
// as Numbers, which no field of the protocol accepts.
// ---------------------------------------------------------------------------------------------

const MAX_DEPTH = 64;                 // the page's bound on nesting
const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
const LITERALS = [['true', true], ['false', false], ['null', null]];

/** Parse one JSON text; throws SyntaxError. Objects have no prototype; keys appear once. */
function parseJson(text) {
  let i = 0;
  const skipBlanks = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const fail = (what) => {
    throw new SyntaxError(`${what} at character ${i}`);
  };

  function string() {
    let j = i + 1;
    while (j < text.length && text[j] !== '"') {
      if (text.charCodeAt(j) < 0x20) fail('control character in a string');
      j += text[j] === '\\' ? 2 : 1;
    }
    if (j >= text.length) fail('unterminated string');
    const s = JSON.parse(text.slice(i, j + 1));   // escapes, checked by the built-in parser
    i = j + 1;
    return s;
  }

  function number() {
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) fail('bad number');
    i += m[0].length;
    return m[1] === undefined && m[2] === undefined ? BigInt(m[0]) : Number(m[0]);
  }

  function array(depth) {
    const out = [];
    i++;
    skipBlanks();
    if (text[i] === ']') return i++, out;
    for (;;) {
      out.push(value(depth + 1));
      skipBlanks();
      if (text[i] === ']') return i++, out;
      if (text[i] !== ',') fail('expected , or ]');
      i++;
    }
  }

  function object(depth) {
    const out = Object.create(null);
    i++;
    skipBlanks();
    if (text[i] === '}') return i++, out;
    for (;;) {
      skipBlanks();
      if (text[i] !== '"') fail('expected a key');
      const key = string();
      if (Object.hasOwn(out, key)) fail(`key ${JSON.stringify(key)} given twice`);
      skipBlanks();
      if (text[i] !== ':') fail('expected :');
      i++;
      out[key] = value(depth + 1);
      skipBlanks();
      if (text[i] === '}') return i++, out;
      if (text[i] !== ',') fail('expected , or }');
      i++;
    }
  }

  function value(depth) {
    if (depth > MAX_DEPTH) fail('nested too deep');
    skipBlanks();
    const c = text[i];
    if (c === '{') return object(depth);
    if (c === '[') return array(depth);
    if (c === '"') return string();
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    for (const [word, literal] of LITERALS) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return literal;
      }
    }
    return fail('unexpected character');
  }

  const result = value(1);
  skipBlanks();
  if (i < text.length) fail('text after the value');
  return result;
}

/** JSON text of plain data, BigInt written as its digits. */
function toJson(v) {
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

const isObject = (x) => typeof x === 'object' && x !== null && !Array.isArray(x);

// ---------------------------------------------------------------------------------------------
// Settlements of one wager on one roll (conv-odds-net, reading odds-notation=to: "X to Y"
// nets +X/Y per unit staked; a loss -1; a push returns the stake; no decision leaves the
// wager on the table). A net is kept as the integers num/den, never as a float.
// ---------------------------------------------------------------------------------------------

const win = (x, y = 1) => ({ decision: 'win', num: BigInt(x), den: BigInt(y), point: null });
const lose = () => ({ decision: 'lose', point: null });
const push = () => ({ decision: 'push', point: null });
const noDecision = (point) => ({ decision: 'none', point });

// Hard Ways odds: double 2 / double 5 at 7 to 1 (r3-95.15-1.s3, reading hard-ways-payout=either),
// double 3 / double 4 at 9 to 1 (r3-95.15-1.s4).
const HARD_WAY_ODDS = { 4: 7, 6: 9, 8: 9, 10: 7 };

/** Hard Ways on N, r3-95.15-1. */
function hardWay(n) {
  return (state, d1, d2) => {
    // r3-95.15-1.s6: "not applicable during a first turn unless indicated otherwise by the
    // player"; a first turn is every come-out roll (conv-first-turn-is-come-out, reading
    // first-turn=every-come-out), and not applicable is no decision at all, a 7 included
    // (reading hard-ways-off=off). The player's call stays with the bet (conv-call-stands).
    if (state.come_out && !state.working) return noDecision(null);
    const total = d1 + d2;
    if (total === n && d1 === d2) return win(HARD_WAY_ODDS[n]);   // r3-95.15-1.s1
    // r3-95.15-1.s2: a 7, or N the easy way (reading hard-ways-loss=easy-way).
    if (total === 7 || total === n) return lose();
    return noDecision(null);                                       // inconclusive (s5)
  };
}

// The odds of the wager that wins on one total alone: Craps 2 (r3-95.15-5.s2), Craps 3
// (r3-95.15-6.s2), Any 7 (r3-95.15-2.s2), 11 (r3-95.15-3.s2), Craps 12 (r3-95.15-7.s2).
const SINGLE_TOTAL_ODDS = { 2: 30, 3: 15, 7: 4, 11: 15, 12: 30 };

/**
 * A one-roll wager that wins on any of `totals` at `odds` to 1 and loses otherwise: decided
 * by "the dice rolled immediately after the placement of the wager" (r3-95.15-2.s1 ...),
 * come-out or not (reading any-time=always-working).
 */
function oneRoll(totals, odds) {
  return (state, d1, d2) => (totals.includes(d1 + d2) ? win(odds) : lose());
}

/**
 * Horn, World, 3-Way Craps (r3-95.15-8, -10, -11): "paid in the same manner as Multiple
 * Chances wagers, which are winners with the total obtained". Reading combined-payout=split,
 * combined-basis=single-total: the stake is split evenly over the k totals covered, the share
 * on the rolled total wins at that total's single-total odds, the k-1 other shares lose:
 * net = (odds - (k - 1)) / k. World on 7 nets 0: a win that pays nothing beyond the stake.
 */
function combined(totals) {
  const k = totals.length;
  return (state, d1, d2) => {
    const total = d1 + d2;
    return totals.includes(total) ? win(SINGLE_TOTAL_ODDS[total] - (k - 1), k) : lose();
  };
}

/**
 * Hop on A and B, r3-95.15-9 (reading hop-call=combination: the call is the two dice, in
 * either order). 30 to 1 when the dice are a pair, 15 to 1 otherwise (r3-95.15-9.s2).
 */
function hop(a, b) {
  return (state, d1, d2) => {
    const called = (d1 === a && d2 === b) || (d1 === b && d2 === a);
    return called ? win(a === b ? 30 : 15) : lose();
  };
}

/**
 * The come-out roll of a Single Chance bet: the table's come-out roll for Pass and Don't
 * Pass, the roll after placing for Come and Don't Come (conv-single-chance-pass, -dont-pass,
 * -come, -dont-come). Even money.
 */
function lineComeOut(dont, total) {
  if (!dont) {
    if (total === 7 || total === 11) return win(1);
    if (total === 2 || total === 3 || total === 12) return lose();
    return noDecision(total);
  }
  // Reading dont-bar=12 (12 is the standoff, 2 wins) and dont-standoff=no-decision.
  if (total === 12) return noDecision(null);
  if (total === 2 || total === 3) return win(1);
  if (total === 7 || total === 11) return lose();
  return noDecision(total);
}

/** A Single Chance bet with a point: the point wins (loses if dont), 7 loses (wins). */
function linePoint(dont, point, total) {
  if (total === point) return dont ? lose() : win(1);
  if (total === 7) return dont ? win(1) : lose();
  return noDecision(point);
}

/** Pass, Don't Pass, Come, Don't Come (the conventions conv-single-chance-*). */
function line(dont) {
  return (state, d1, d2) => (state.point === null
    ? lineComeOut(dont, d1 + d2)
    : linePoint(dont, state.point, d1 + d2));
}

// Odds by point: Pass (r3-95.16-1.s4) and Don't Pass (r3-95.16-2.s4) Associate Chances.
const RIGHT_ODDS = { 4: [2, 1], 10: [2, 1], 5: [3, 2], 9: [3, 2], 6: [6, 5], 8: [6, 5] };
const WRONG_ODDS = { 4: [1, 2], 10: [1, 2], 5: [2, 3], 9: [2, 3], 6: [5, 6], 8: [5, 6] };

/**
 * An Associate Chance that follows its Single Chance bet with a point: Pass odds win on the
 * point and lose on 7 (r3-95.16-1.s2), Don't Pass odds the reverse (r3-95.16-2.s2); Come and
 * Don't Come odds likewise (r3-95.16-3.s2, r3-95.16-4.s2). Any other total "is considered a
 * push" (r3-95.16-1.s3, -2.s3), read as no decision (reading associate-push=no-decision).
 */
function odds(dont) {
  const table = dont ? WRONG_ODDS : RIGHT_ODDS;
  return (state, d1, d2) => {
    const total = d1 + d2;
    const point = state.point;
    if (total === (dont ? 7 : point)) return win(...table[point]);
    if (total === (dont ? point : 7)) return lose();
    return noDecision(point);
  };
}

/**
 * Come Associate Chance, r3-95.16-3: "not active during a come out roll unless otherwise
 * indicated by the player" (s3). When the inactive come-out roll decides the Come bet (its
 * point or 7) the odds are returned (conv-inactive-odds-returned, reading
 * inactive-odds=returned); any other total leaves them on the table.
 */
function comeOdds() {
  const active = odds(false);
  return (state, d1, d2) => {
    if (!state.come_out || state.working) return active(state, d1, d2);
    const total = d1 + d2;
    return total === state.point || total === 7 ? push() : noDecision(state.point);
  };
}

// ---------------------------------------------------------------------------------------------
// The wagers of the page's Wagers table, in its order. Each has a kind that decides how it is
// placed and withdrawn:
//   hard     Hard Ways (a Multiple Chances wager that may stay for several rolls)
//   oneRoll  the other Multiple Chances wagers, decided by the next roll
//   line     Pass, Don't Pass (Single Chance, the table's point)
//   come     Come, Don't Come (Single Chance, a come point of their own)
//   odds     the Associate Chances, each on a Single Chance bet of the wager `on`
// ---------------------------------------------------------------------------------------------

function buildWagers() {
  const wagers = new Map();
  const add = (name, kind, settle, on = null) => wagers.set(name, { name, kind, settle, on });
  for (const n of [4, 6, 8, 10]) add(`hard-${n}`, 'hard', hardWay(n));          // r3-95.15-1
  add('any-7', 'oneRoll', oneRoll([7], 4));                                       // r3-95.15-2
  add('eleven', 'oneRoll', oneRoll([11], 15));                                    // r3-95.15-3
  add('any-craps', 'oneRoll', oneRoll([2, 3, 12], 7));                            // r3-95.15-4
  add('craps-2', 'oneRoll', oneRoll([2], 30));                                    // r3-95.15-5
  add('craps-3', 'oneRoll', oneRoll([3], 15));                                    // r3-95.15-6
  add('craps-12', 'oneRoll', oneRoll([12], 30));                                  // r3-95.15-7
  add('horn', 'oneRoll', combined([2, 3, 11, 12]));                               // r3-95.15-8
  for (let a = 1; a <= 6; a++) {                                                  // r3-95.15-9
    for (let b = a; b <= 6; b++) add(`hop-${a}-${b}`, 'oneRoll', hop(a, b));
  }
  add('world', 'oneRoll', combined([2, 3, 7, 11, 12]));                           // r3-95.15-10
  add('three-way-craps', 'oneRoll', combined([2, 3, 12]));                        // r3-95.15-11
  add('pass', 'line', line(false));                                // conv-single-chance-pass
  add('dont-pass', 'line', line(true));                            // conv-single-chance-dont-pass
  add('come', 'come', line(false));                                // conv-single-chance-come
  add('dont-come', 'come', line(true));                            // conv-single-chance-dont-come
  add('pass-odds', 'odds', odds(false), 'pass');                                  // r3-95.16-1
  add('dont-pass-odds', 'odds', odds(true), 'dont-pass');                         // r3-95.16-2
  add('come-odds', 'odds', comeOdds(), 'come');                                   // r3-95.16-3
  // r3-95.16-4; reading come-out-scope=come-only: they work on a come-out roll too.
  add('dont-come-odds', 'odds', odds(true), 'dont-come');
  return wagers;
}

const WAGERS = buildWagers();
const POINTS = [4, 5, 6, 8, 9, 10];
const isSingleChance = (bet) => bet.kind === 'line' || bet.kind === 'come';

// ---------------------------------------------------------------------------------------------
// Money: a stake of A units at a net of num/den wins A*num/den units, rounded once
// (conv-money-round-once) as the hello declares: floor (the house keeps the fraction).
// ---------------------------------------------------------------------------------------------

const MONEY = { unit: '0.01', rounding: 'floor' };

function winnings(amount, num, den) {
  // Fault half-up-paid: the payout routine rounds to the nearest unit, a half up, although
  // the hello says floor.
  if (FAULT.halfUpPaid) return (2n * amount * num + den) / (2n * den);
  return (amount * num) / den;   // BigInt division of non-negative values is floor
}

/** The roll answer's entry of a bet, from its settlement. */
function payment(bet, settlement) {
  const entry = (paid, returned, stays, point) => ({ bet: bet.id, paid, returned, stays, point });
  switch (settlement.decision) {
    case 'win':   // a win netting zero (World on 7) pays 0 and returns the stake
      return entry(winnings(bet.amount, settlement.num, settlement.den), bet.amount, false, null);
    case 'lose':
      return entry(0n, 0n, false, null);
    case 'push':  // a standoff or returned stake: the stake back, the bet leaves
      return entry(0n, bet.amount, false, null);
    default:      // no decision: the bet stays with its point
      return entry(0n, 0n, true, settlement.point);
  }
}

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

/** The table's point after a roll, by the Pass line (conv-single-chance-pass). */
function nextTablePoint(point, total) {
  if (point === null) return POINTS.includes(total) ? total : null;  // a come-out point number
  if (total === point) return null;                                  // the point is made
  if (total !== 7) return point;
  // Seven-out. Fault point-stays-after-seven-out: the seven-out path forgets to turn the
  // point off.
  return FAULT.pointStays ? point : null;
}

const isId = (x) => typeof x === 'string' && x.length >= 1 && [...x].length <= 40;
const isDie = (x) => typeof x === 'bigint' && x >= 1n && x <= 6n;
const refused = (reason) => ({ refused: reason });

class Table {
  constructor() {
    // A fresh table: a new shooter, the come-out roll next, no bets.
    this.point = null;        // the table's point, null when off
    this.firstRoll = true;    // no roll yet since the shooter began
    this.bets = new Map();    // id -> bet, in the order placed
    this.used = new Set();    // every id placed in this script, even after the bet left
  }

  get comeOut() {
    return this.point === null;
  }

  /** One event of a script -> its answer. */
  event(e) {
    if (!isObject(e)) return refused('an event is an object');
    const ops = ['place', 'call', 'withdraw', 'roll'].filter((op) => Object.hasOwn(e, op));
    if (ops.length !== 1) return refused('an event is one of place, call, withdraw, roll');
    switch (ops[0]) {
      case 'place': return this.place(e);
      case 'call': return this.call(e);
      case 'withdraw': return this.withdraw(e);
      default: return this.roll(e);
    }
  }

  // --- place ----------------------------------------------------------------------------------

  place(e) {
    if (!isId(e.place)) return refused('a bet id is a string of 1 to 40 characters');
    if (this.used.has(e.place)) return refused(`bet id ${JSON.stringify(e.place)} already used`);
    const wager = WAGERS.get(e.wager);
    if (typeof e.wager !== 'string' || !wager) return refused('unknown wager');
    if (typeof e.amount !== 'bigint' || e.amount < 1n) {
      return refused('the amount is a whole number of units, at least 1');
    }
    if (e.working !== undefined && typeof e.working !== 'boolean') {
      return refused('working is true or false');
    }
    const why = this.placementRefusal(wager, e);
    if (why) return refused(why);
    const on = wager.kind === 'odds' ? e.on : null;
    this.bets.set(e.place, {
      id: e.place,
      wager: wager.name,
      kind: wager.kind,
      settle: wager.settle,
      amount: e.amount,
      working: e.working === true,   // the player's call (conv-call-stands), default false
      // A bet just placed has no point, except an Associate Chance: its Single Chance bet's.
      point: on === null ? null : this.bets.get(on).point,
      on,                            // the Single Chance bet an Associate Chance is on
      rolls: 0,                      // rolls the bet has seen
      pending: null,                 // fault odds-unfollow: a decision held for one roll
    });
    this.used.add(e.place);
    return { accepted: true };
  }

  /** Why the table does not take this wager now, or null. */
  placementRefusal(wager, e) {
    switch (wager.kind) {
      case 'line':   // conv-table-placement: Pass, Don't Pass on a come-out roll
        return this.comeOut ? null : `${wager.name} is placed only on a come-out roll`;
      case 'come':   // conv-single-chance-come, -dont-come: only while a point is on
        return this.comeOut ? `${wager.name} is placed only while a point is on` : null;
      case 'odds':
        return this.oddsRefusal(wager, e.on);
      case 'oneRoll':
        // Fault no-one-roll-on-come-out: the one-roll layout is closed on a come-out roll,
        // against r3-95.15-intro.s1.
        if (FAULT.noOneRollOnComeOut && this.comeOut) {
          return `${wager.name} is not taken on a come-out roll`;
        }
        return null;
      default:       // r3-95.15-intro.s1: "can be played at any time during the game"
        return null;
    }
  }

  /**
   * r3-95.16-intro.s1: an Associate Chance "cannot be played unless the corresponding Single
   * Chance wager (whose point must be known) has already been engaged".
   */
  oddsRefusal(wager, on) {
    if (!isId(on)) return `${wager.name} names its ${wager.on} bet: "on"`;
    const base = this.bets.get(on);
    if (!base) return `no bet ${JSON.stringify(on)} on the table`;
    if (base.wager !== wager.on) return `${wager.name} is placed on a ${wager.on} bet`;
    // Fault odds-before-point: the point check is missing.
    if (base.point === null && !FAULT.oddsBeforePoint) {
      return `${wager.name} needs its ${wager.on} bet to have a point`;
    }
    return null;
  }

  // --- call -----------------------------------------------------------------------------------

  /** The player changes a bet's working call; it stays with the bet (conv-call-stands). */
  call(e) {
    const bet = this.bets.get(e.call);
    if (!bet) return refused('no such bet on the table');
    if (typeof e.working !== 'boolean') return refused('working is true or false');
    bet.working = e.working;
    return { accepted: true };
  }

  // --- withdraw -------------------------------------------------------------------------------

  withdraw(e) {
    const bet = this.bets.get(e.withdraw);
    if (!bet) return refused('no such bet on the table');
    const why = this.withdrawalRefusal(bet);
    if (why) return refused(why);
    this.bets.delete(bet.id);
    return { accepted: true, returned: bet.amount };
  }

  /** Why the player may not take this bet down, or null. */
  withdrawalRefusal(bet) {
    switch (bet.kind) {
      case 'hard':
        // r3-95.15-1.s5: "may be withdrawn following an inconclusive roll". Fault
        // hard-way-no-withdraw: once a roll has gone by, the hard way is locked.
        return FAULT.hardWayNoWithdraw && bet.rolls > 0
          ? `${bet.wager} is not taken down after a roll` : null;
      case 'odds':   // r3-95.16-intro.s1: "may always be withdrawn after an inconclusive roll"
        return null;
      case 'oneRoll':  // still on the table: it has seen no roll yet
        return null;
      default:
        // A Single Chance bet with a point is a contract bet. One with no point has not been
        // in action; it comes down unless odds rest on it (only possible under a fault).
        if (bet.point !== null) return `${bet.wager} has a point: a contract bet stays`;
        if ([...this.bets.values()].some((b) => b.on === bet.id)) {
          return `${bet.wager} carries odds: take them down first`;
        }
        return null;
    }
  }

  // --- roll -----------------------------------------------------------------------------------

  roll(e) {
    const dice = e.roll;
    if (!Array.isArray(dice) || dice.length !== 2 || !isDie(dice[0]) || !isDie(dice[1])) {
      return refused('a roll is two dice, each a whole number 1 to 6');
    }
    const [d1, d2] = dice.map(Number);
    const before = [...this.bets.values()];
    // Single Chance and Multiple Chances bets first; the Associate Chances then follow the
    // settlement of their Single Chance bet (r3-95.16-intro.s1: "follow the outcome").
    const settlements = new Map();
    for (const bet of before) {
      if (bet.kind !== 'odds') settlements.set(bet.id, this.settleBet(bet, d1, d2));
    }
    for (const bet of before) {
      if (bet.kind === 'odds') settlements.set(bet.id, this.settleOdds(bet, settlements, d1, d2));
    }
    const answer = before.map((bet) => this.apply(bet, settlements.get(bet.id)));
    this.advance(d1 + d2);
    return { point: this.point, bets: answer };
  }

  /** The state of a bet on this roll, as protocol 1 names it. */
  stateOf(bet, point) {
    return { come_out: this.comeOut, point, working: bet.working, first_roll: this.firstRoll };
  }

  /** A bet that is not an Associate Chance. Pass and Don't Pass use the table's point. */
  settleBet(bet, d1, d2) {
    const point = bet.kind === 'line' ? this.point : bet.point;
    return bet.settle(this.stateOf(bet, point), d1, d2);
  }

  /** An Associate Chance, on the point of its Single Chance bet. */
  settleOdds(bet, settlements, d1, d2) {
    if (bet.pending) return bet.pending;   // fault odds-unfollow: last roll's decision
    const base = this.bets.get(bet.on);
    const baseNow = base && settlements.get(base.id);
    if (bet.point === null) {
      // Only under fault odds-before-point: odds on a bet with no point take its point when
      // it gets one, and come back when it is decided without one.
      return baseNow && baseNow.decision === 'none' ? noDecision(baseNow.point) : push();
    }
    const settlement = bet.settle(this.stateOf(bet, bet.point), d1, d2);
    if (FAULT.oddsUnfollow && bet.wager === 'pass-odds' && settlement.decision !== 'none') {
      // Fault odds-unfollow: the odds are settled in the pass after the line bets, one roll
      // late: they stay on this roll and are paid as decided on the next.
      bet.pending = settlement;
      return noDecision(bet.point);
    }
    return settlement;
  }

  /** Pay or keep one bet; its answer entry. */
  apply(bet, settlement) {
    const entry = payment(bet, settlement);
    if (entry.stays) {
      bet.point = settlement.point;
      bet.rolls++;
    } else {
      this.bets.delete(bet.id);
    }
    return entry;
  }

  /** The table after the roll: its point (conv-single-chance-pass) and the shooter. */
  advance(total) {
    const sevenOut = this.point !== null && total === 7;
    this.point = nextTablePoint(this.point, total);
    this.firstRoll = sevenOut;   // a seven-out ends the shooter: the next roll is a new one's
  }
}

/** One script on a fresh table: one answer per event. */
function playScript(script) {
  const table = new Table();
  return script.map((e) => table.event(e));
}

// ---------------------------------------------------------------------------------------------
// Protocol 2
// ---------------------------------------------------------------------------------------------

const HELLO = toJson({
  name: 'Example Table',
  version: '1.0.0' + FAULT_NAMES.map((f) => ` +fault:${f}`).join(''),
  games: ['craps'],
  wagers: [...WAGERS.keys()],
  interface: 'table',
  money: MONEY,
});

const errorAnswer = (reason) => JSON.stringify({ error: reason });

/** The answer line (without "\n") to one request line, or null when the engine should exit. */
function answer(line) {
  let request;
  try {
    request = parseJson(line);
  } catch (e) {
    return errorAnswer(`the line is not JSON: ${e.message}`);
  }
  if (!isObject(request)) return errorAnswer('a request is a JSON object');
  switch (request.op) {
    case 'hello':
      if (request.protocol !== undefined && request.protocol !== 2n) {
        return errorAnswer('this engine speaks protocol 2 (the table interface)');
      }
      return HELLO;
    case 'play': {
      const scripts = request.scripts;
      if (!Array.isArray(scripts) || !scripts.every(Array.isArray)) {
        return errorAnswer('play needs scripts: a list of lists of events');
      }
      if (request.readings !== undefined) {  // never sent: the hello lists no readings
        return errorAnswer('this engine plays under the default readings only');
      }
      return toJson({ scripts: scripts.map(playScript) });
    }
    case 'bye':
      return null;
    default:
      return errorAnswer(`unknown op ${JSON.stringify(request.op ?? null)}`);
  }
}

let waitingForDrain = false;

/** Answer one line; returns false once the engine is to exit. */
function handleLine(line) {
  if (line.trim() === '') return true;  // blank lines are not requests
  let reply;
  try {
    reply = answer(line);
  } catch (e) {
    process.stderr.write(`table: ${e && e.stack ? e.stack : e}\n`);
    reply = errorAnswer('internal error');
  }
  if (reply === null) return false;
  if (!process.stdout.write(reply + '\n') && !waitingForDrain) {  // back-pressure
    waitingForDrain = true;
    process.stdin.pause();
    process.stdout.once('drain', () => {
      waitingForDrain = false;
      process.stdin.resume();
    });
  }
  return true;
}

function exit() {
  process.stdin.pause();
  process.stdout.write('', () => process.exit(0));
}

/** Read stdin in chunks and split the lines here. */
function main() {
  const parts = [];
  let done = false;
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => {
    let start = 0;
    let nl;
    while (!done && (nl = chunk.indexOf('\n', start)) !== -1) {
      parts.push(chunk.slice(start, nl));
      const line = parts.join('');
      parts.length = 0;
      start = nl + 1;
      if (!handleLine(line)) done = true;
    }
    if (done) return exit();
    if (start < chunk.length) parts.push(chunk.slice(start));
  });
  process.stdin.on('end', () => {
    if (done) return;
    if (parts.length) handleLine(parts.join(''));
    exit();
  });
  process.stdout.on('error', () => process.exit(0));  // the checker closed our output
}

main();
