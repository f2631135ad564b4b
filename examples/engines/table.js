#!/usr/bin/env node
// casino-proofs example TABLE engine (JavaScript, Node 20, no dependencies).
//
// A craps table for the wagers of s. 95.15 and 95.16 of Québec's By-law respecting casino
// games (chapter S-13.1, r. 3, version 2012-09-01), speaking protocol 2 ("the table
// interface") of docs/engine-protocol.md on stdin/stdout: scripts of bets placed, called,
// withdrawn and settled on a table that keeps its own point, roll after roll, each script on
// a fresh table, money paid in whole units with the rounding the hello declares.
//
// Written only from docs/engine-protocol.md and the regulation's text and conventions
// (regulation/{craps,conventions,readings}.toml). Clause IDs (r3-95.16-1.s2, ...), convention
// IDs (conv-...) and policy IDs (policy-...) are cited where they decide something. Every
// reading takes its DEFAULT value; the engine lists no readings. The settlement of a single
// wager is the one of examples/engines/engine.js (protocol 1), copied here so that this file
// stands alone.
//
//   node table.js [--rounding R] [--unit D] [--stake-unit D] [--max-stake N]
//                 [--policy P ...] [--shuffle-bets] [--fault NAME ...]
//
//   --rounding R     how winnings that are not whole units are paid: floor (default), half-up,
//                    half-even, or exact (a stake some win of which would pay a fraction of a
//                    unit is refused when placed); declared in the hello's "money"
//   --unit D         the smallest amount paid, a decimal (default 0.01): "money"."unit"
//   --stake-unit D   the unit stakes are taken in, a whole multiple of the unit (default: the
//                    unit); declared as "money"."stake_unit" when given
//   --max-stake N    the largest stake, in stake units: "limits": {"max_stake": N}, larger
//                    stakes refused (policy-max-stake); without it the hello has no limits
//   --policy P       a house rule, declared in the hello's "policies" and obeyed; repeatable:
//                      odds-limit=3-4-5    "odds-limit": "3-4-5"
//                      odds-limit=K        "odds-limit": {"multiple": K} (K a whole number)
//                      one-odds            "one-odds": true
//                      no-take-down        "no-take-down": true
//                      no-take-down=W,...  "no-take-down": ["W", ...] (those wagers only)
//                      no-working-call     "no-working-call": true
//                      payment=per-player  "payment": "per-player"
//   --shuffle-bets   list each roll's bets in a scrambled order (deterministic: the same
//                    script gets the same answers), not the order they were placed in
//   --fault NAME     switch on a deliberate vendor bug (see FAULTS below); repeatable. The
//                    hello's version then reads "1.0.0 +fault:NAME"; nothing else of it changes.
'use strict';

// ---------------------------------------------------------------------------------------------
// Command line
// ---------------------------------------------------------------------------------------------

const FAULTS = {
  'odds-before-point': 'an Associate Chance is accepted on a Single Chance bet with no point yet',
  'odds-unfollow': 'Pass odds are decided one roll after the roll that decides their Pass bet',
  'hard-way-no-withdraw': 'a Hard Way withdrawal is refused after an inconclusive roll',
  'half-up-paid': 'winnings are paid rounded half-up, whatever rounding the hello declares',
  'point-stays-after-seven-out': 'after a seven-out the table point stays on',
  'no-one-roll-on-come-out': 'one-roll wagers are refused on a come-out roll',
  'pay-again': 'a bet that won is listed and paid again on the next roll',
  'keep-withdrawn': 'a withdrawn Hard Way is returned but stays in play',
  'odds-withdraw-takes-line': 'withdrawing an Associate Chance also takes its line bet down',
  'relist-decided': 'a bet that lost is listed again on the next roll',
  'second-shooter-odds': 'from the second shooter on, Pass odds are paid at 1 to 1',
  'old-point-next-shooter': "a new shooter's first point is reported as the last shooter's",
  'refuse-calls': 'every call is refused',
  'overpay-from-3000': 'a win on a stake of 3,000 units or more is paid one unit too much',
  'wrong-kind-odds': 'an Associate Chance is accepted on any kind of line bet',
  'no-take-down': 'every withdrawal is refused (the hello declares no policy)',
  'come-odds-dead': 'Come odds that stand through a come-out roll are never settled again',
  'zero-stake': 'a stake of 0 is accepted',
};

const ROUNDINGS = ['floor', 'half-up', 'half-even', 'exact'];
const USAGE = 'usage: node table.js [--rounding floor|half-up|half-even|exact] [--unit DECIMAL]\n' +
  '         [--stake-unit DECIMAL] [--max-stake N] [--policy P ...] [--shuffle-bets]\n' +
  '         [--fault NAME ...]\n' +
  'policies: odds-limit=3-4-5, odds-limit=K, one-odds, no-take-down, no-take-down=W,...,\n' +
  '          no-working-call, payment=per-player\n';

function usage(problem) {
  const list = Object.entries(FAULTS).map(([name, bug]) => `  ${name}: ${bug}\n`).join('');
  process.stderr.write(`${problem}\n${USAGE}faults:\n${list}`);
  process.exit(2);
}

/** A positive decimal ("0.01", "1", ".25") as the exact fraction num/den, or null. */
function parseDecimal(text) {
  const m = /^([0-9]*)\.?([0-9]+)$/.exec(text || '');
  if (!m || text.length > 20) return null;
  const [whole, decimals] = text.includes('.') ? [m[1], m[2]] : [m[1] + m[2], ''];
  const num = BigInt((whole || '0') + decimals);
  return num > 0n ? { text, num, den: 10n ** BigInt(decimals.length) } : null;
}

const WHOLE = /^[1-9][0-9]*$/;
const VALUED = ['--fault', '--rounding', '--unit', '--stake-unit', '--max-stake', '--policy'];

/** One --policy value into `policies` (the hello's declaration; see the page's table). */
function parsePolicy(text, policies) {
  const [key, value] = text.includes('=') ? text.split(/=(.*)/s) : [text, null];
  if (key === 'odds-limit' && value === '3-4-5') policies.oddsLimit = '3-4-5';
  else if (key === 'odds-limit' && WHOLE.test(value || '')) policies.oddsLimit = BigInt(value);
  else if (key === 'one-odds' && value === null) policies.oneOdds = true;
  else if (key === 'no-take-down' && value === null) policies.noTakeDown = true;
  else if (key === 'no-take-down' && value) policies.noTakeDown = value.split(',');
  else if (key === 'no-working-call' && value === null) policies.noWorkingCall = true;
  else if (key === 'payment' && value === 'per-player') policies.perPlayer = true;
  else usage(`unknown policy ${JSON.stringify(text)}`);
}

function parseArguments(argv) {
  const options = {
    faults: [], rounding: 'floor', unit: parseDecimal('0.01'), stakeUnit: null, maxStake: null,
    policies: { oddsLimit: null, oneOdds: false, noTakeDown: null, noWorkingCall: false,
                perPlayer: false },
    shuffle: false,
  };
  const args = argv.flatMap((a) => (/^--[a-z-]+=/.test(a) ? a.split(/=(.*)/s, 2) : [a]));
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    if (flag === '--shuffle-bets') {
      options.shuffle = true;
      continue;
    }
    if (!VALUED.includes(flag)) usage(`unknown argument ${JSON.stringify(flag)}`);
    const value = args[++i];
    if (value === undefined) usage(`${flag} needs a value`);
    switch (flag) {
      case '--fault':
        if (!Object.hasOwn(FAULTS, value)) usage(`unknown fault ${JSON.stringify(value)}`);
        if (!options.faults.includes(value)) options.faults.push(value);
        break;
      case '--rounding':
        if (!ROUNDINGS.includes(value)) usage(`unknown rounding ${JSON.stringify(value)}`);
        options.rounding = value;
        break;
      case '--unit':
      case '--stake-unit': {
        const d = parseDecimal(value);
        if (!d) usage(`${flag} is a positive decimal, not ${JSON.stringify(value)}`);
        options[flag === '--unit' ? 'unit' : 'stakeUnit'] = d;
        break;
      }
      case '--max-stake':
        if (!WHOLE.test(value)) usage(`--max-stake is a whole number >= 1, not ${value}`);
        options.maxStake = BigInt(value);
        break;
      default:  // --policy
        parsePolicy(value, options.policies);
    }
  }
  // "stake_unit, a whole multiple of unit": stake_unit / unit = (s.num u.den) / (s.den u.num).
  const { unit, stakeUnit } = options;
  const s = stakeUnit || unit;
  if ((s.num * unit.den) % (s.den * unit.num) !== 0n) {
    usage(`the stake unit ${s.text} is not a whole multiple of the unit ${unit.text}`);
  }
  options.unitsPerStake = (s.num * unit.den) / (s.den * unit.num);
  return options;
}

const OPTIONS = parseArguments(process.argv.slice(2));
const POLICY = OPTIONS.policies;
const has = (name) => OPTIONS.faults.includes(name);
const FAULT = {
  oddsBeforePoint: has('odds-before-point'),
  oddsUnfollow: has('odds-unfollow'),
  hardWayNoWithdraw: has('hard-way-no-withdraw'),
  halfUpPaid: has('half-up-paid'),
  pointStays: has('point-stays-after-seven-out'),
  noOneRollOnComeOut: has('no-one-roll-on-come-out'),
  payAgain: has('pay-again'),
  keepWithdrawn: has('keep-withdrawn'),
  oddsWithdrawTakesLine: has('odds-withdraw-takes-line'),
  relistDecided: has('relist-decided'),
  secondShooterOdds: has('second-shooter-odds'),
  oldPointNextShooter: has('old-point-next-shooter'),
  refuseCalls: has('refuse-calls'),
  overpayFrom3000: has('overpay-from-3000'),
  wrongKindOdds: has('wrong-kind-odds'),
  noTakeDown: has('no-take-down'),
  comeOddsDead: has('come-odds-dead'),
  zeroStake: has('zero-stake'),
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

const DONT_ODDS = ['dont-pass-odds', 'dont-come-odds'];

/**
 * conv-table-call: under the default readings only the Hard Ways (r3-95.15-1.s6) and the Come
 * odds (r3-95.16-3.s3) take a working call; every other wager takes none.
 */
const takesCall = (wager) => wager.kind === 'hard' || wager.name === 'come-odds';

/**
 * Every net a win of `wager` can have, in any state a bet placed now can reach: every roll,
 * come-out or not, called or not, on every point (an Associate Chance: on its bet's point, or
 * on any point when that has none, under fault odds-before-point). Cached by wager and point.
 */
const WIN_NETS = new Map();
function winNets(wager, point) {
  const key = `${wager.name} ${point}`;
  if (WIN_NETS.has(key)) return WIN_NETS.get(key);
  const points = wager.kind === 'odds' ? (point === null ? POINTS : [point]) : [null, ...POINTS];
  const nets = [];
  for (const p of points) {
    for (const come_out of [true, false]) {
      for (const working of [true, false]) {
        for (let d1 = 1; d1 <= 6; d1++) {
          for (let d2 = 1; d2 <= 6; d2++) {
            const s = wager.settle({ come_out, point: p, working, first_roll: false }, d1, d2);
            if (s.decision === 'win') nets.push([s.num, s.den]);
          }
        }
      }
    }
  }
  WIN_NETS.set(key, nets);
  return nets;
}

// ---------------------------------------------------------------------------------------------
// Money (the hello's "money"; section Money of the page). A stake of A stake units is A x
// stake_unit / unit units (`units` of a bet); a win at a net of X/Y is due units x X/Y
// exactly, a fraction n/d kept as BigInt, and rounded ONCE (conv-money-round-once) as
// declared; under payment=per-player each bet's paid is rounded down and each player's sum is
// rounded as declared (policy-payment-per-player).
// ---------------------------------------------------------------------------------------------

const UNITS_PER_STAKE = OPTIONS.unitsPerStake;
const MONEY = { unit: OPTIONS.unit.text, rounding: OPTIONS.rounding };
if (OPTIONS.stakeUnit) MONEY.stake_unit = OPTIONS.stakeUnit.text;

const gcd = (a, b) => (b === 0n ? a : gcd(b, a % b));
const fraction = (n, d) => {
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
};
const ZERO = { n: 0n, d: 1n };
const addFractions = (a, b) => fraction(a.n * b.d + b.n * a.d, a.d * b.d);

/** The whole number of units paid for exact winnings n/d (n >= 0, d > 0) under `rounding`. */
function rounded({ n, d }, rounding) {
  const q = n / d;          // BigInt division of non-negative values is floor
  const twice = 2n * (n % d);
  switch (rounding) {
    case 'half-up':
      return twice >= d ? q + 1n : q;
    case 'half-even':
      return twice > d || (twice === d && q % 2n === 1n) ? q + 1n : q;
    default:                // floor; exact, whose stakes all pay whole units
      return q;
  }
}

/** The declared rounding. Fault half-up-paid: the payout routine rounds half-up, whatever. */
const declared = (w) => rounded(w, FAULT.halfUpPaid ? 'half-up' : OPTIONS.rounding);

/** A bet's paid, from its exact winnings. */
const paidOf = (w) => (POLICY.perPlayer ? rounded(w, 'floor') : declared(w));

/** Exact winnings of a bet on its settlement (0 unless a win). */
function exactWinnings(bet, settlement) {
  if (settlement.decision !== 'win') return ZERO;
  const w = fraction(bet.units * settlement.num, settlement.den);
  // Fault overpay-from-3000: the big-stake payout path adds a unit it should not.
  return FAULT.overpayFrom3000 && bet.units >= 3000n ? addFractions(w, { n: 1n, d: 1n }) : w;
}

/** The roll answer's entry of a bet, from its settlement and exact winnings. */
function payment(bet, settlement, w) {
  const entry = (paid, returned, stays, point) => ({ bet: bet.id, paid, returned, stays, point });
  switch (settlement.decision) {
    case 'win':   // a win netting zero (World on 7) pays 0 and returns the stake
      return entry(paidOf(w), bet.units, false, null);
    case 'lose':
      return entry(0n, 0n, false, null);
    case 'push':  // a standoff or returned stake: the stake back, the bet leaves
      return entry(0n, bet.units, false, null);
    default:      // no decision: the bet stays with its point
      return entry(0n, 0n, true, settlement.point);
  }
}

/** policy-payment-per-player: one entry per player with a bet decided on the roll. */
function players(decided) {
  const sums = new Map();
  for (const { player, exact } of decided) {
    sums.set(player, addFractions(sums.get(player) || ZERO, exact));
  }
  return [...sums].map(([player, w]) => ({ player, paid: declared(w) }));
}

// ---------------------------------------------------------------------------------------------
// Policies (the hello's "limits" and "policies"; the page's table of policies)
// ---------------------------------------------------------------------------------------------

// policy-odds-limit, "3-4-5": Pass and Come odds at most 3, 4, 5 times the line bet by point;
// Don't odds whose winnings are at most 6 times the line bet.
const THREE_FOUR_FIVE = { 4: 3n, 10: 3n, 5: 4n, 9: 4n, 6: 5n, 8: 5n };
const DONT_WIN_MULTIPLE = 6n;

/** Why an Associate Chance of `amount` on `base` is over the declared odds limit, or null. */
function oddsLimitRefusal(wager, amount, base) {
  const limit = POLICY.oddsLimit;
  if (limit === null || base.point === null) return null;
  let within;
  if (typeof limit === 'bigint') {
    within = amount <= limit * base.amount;
  } else if (DONT_ODDS.includes(wager.name)) {
    const [x, y] = WRONG_ODDS[base.point];
    within = amount * BigInt(x) <= DONT_WIN_MULTIPLE * base.amount * BigInt(y);
  } else {
    within = amount <= THREE_FOUR_FIVE[base.point] * base.amount;
  }
  return within ? null : 'over the table\'s odds limit (policy-odds-limit)';
}

/** policy-no-take-down: true (every wager) or the wagers listed. */
const noTakeDown = (bet) => POLICY.noTakeDown === true ||
  (Array.isArray(POLICY.noTakeDown) && POLICY.noTakeDown.includes(bet.wager));

/** The hello's "policies", as the page's table writes each one. */
function declaredPolicies() {
  const out = {};
  if (POLICY.oddsLimit !== null) {
    out['odds-limit'] = typeof POLICY.oddsLimit === 'bigint'
      ? { multiple: POLICY.oddsLimit } : POLICY.oddsLimit;
  }
  if (POLICY.oneOdds) out['one-odds'] = true;
  if (POLICY.noTakeDown !== null) out['no-take-down'] = POLICY.noTakeDown;
  if (POLICY.noWorkingCall) out['no-working-call'] = true;
  if (POLICY.perPlayer) out.payment = 'per-player';
  return out;
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

/**
 * --shuffle-bets: the list in a scrambled order fixed by `seed` (the roll's number in its
 * script), never the order given when there are two bets or more.
 */
function scramble(list, seed) {
  const out = list.slice();
  let s = (Math.imul(seed + 1, 0x9e3779b1) ^ out.length) >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  if (out.length > 1 && out.every((x, i) => x === list[i])) out.push(out.shift());
  return out;
}

const isId = (x) => typeof x === 'string' && x.length >= 1 && [...x].length <= 40;
const isDie = (x) => typeof x === 'bigint' && x >= 1n && x <= 6n;
const refused = (reason) => ({ refused: reason });

class Table {
  constructor() {
    // A fresh table: a new shooter, the come-out roll next, no bets.
    this.point = null;        // the table's point, null when off
    this.firstRoll = true;    // no roll yet since the shooter began
    this.shooter = 1;         // the shooter's number (conv-table-shooter)
    this.shooterPoints = 0;   // points this shooter has set
    this.lastPoint = null;    // the point of the last seven-out (fault old-point-next-shooter)
    this.rolls = 0;           // rolls played (the seed of --shuffle-bets)
    this.bets = new Map();    // id -> bet, in the order placed
    this.used = new Set();    // every id placed in this script, even after the bet left
    this.relist = [];         // faults pay-again, relist-decided: listed again on the next roll
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

  /** The Associate Chances now resting on a bet. */
  oddsOn(bet) {
    return [...this.bets.values()].filter((b) => b.on === bet.id);
  }

  // --- place ----------------------------------------------------------------------------------

  place(e) {
    if (!isId(e.place)) return refused('a bet id is a string of 1 to 40 characters');
    if (this.used.has(e.place)) return refused(`bet id ${JSON.stringify(e.place)} already used`);
    // conv-table-stake: a whole number of at least one stake unit. Fault zero-stake: the
    // check is "not negative".
    const least = FAULT.zeroStake ? 0n : 1n;
    if (typeof e.amount !== 'bigint' || e.amount < least) {
      return refused('the amount is a whole number of stake units, at least 1 (conv-table-stake)');
    }
    if (OPTIONS.maxStake !== null && e.amount > OPTIONS.maxStake) {
      return refused(`over the table's maximum stake of ${OPTIONS.maxStake} (policy-max-stake)`);
    }
    const wager = typeof e.wager === 'string' ? WAGERS.get(e.wager) : undefined;
    if (!wager) return refused('a wager the table does not offer');
    if (e.working !== undefined && typeof e.working !== 'boolean') {
      return refused('working is true or false');
    }
    if (e.player !== undefined && !isId(e.player)) {
      return refused('a player is a string of 1 to 40 characters');
    }
    const why = this.placementRefusal(wager, e) ||
      (e.working === true ? this.callRefusal(wager) : null) || this.exactRefusal(wager, e);
    if (why) return refused(why);
    const base = wager.kind === 'odds' ? this.bets.get(e.on) : null;
    this.bets.set(e.place, {
      id: e.place,
      wager: wager.name,
      kind: wager.kind,
      settle: wager.settle,
      amount: e.amount,                     // stake units
      units: e.amount * UNITS_PER_STAKE,    // the stake in units: what comes back
      player: e.player === undefined ? 'p1' : e.player,
      working: e.working === true,   // the player's call (conv-call-stands), default false
      // A bet just placed has no point, except an Associate Chance: its Single Chance bet's.
      point: base ? base.point : null,
      on: base ? base.id : null,     // the Single Chance bet an Associate Chance is on
      rolls: 0,                      // rolls the bet has stood through
      pending: null,                 // fault odds-unfollow: a decision held for one roll
      dead: false,                   // fault come-odds-dead: never settled again
    });
    this.used.add(e.place);
    return { accepted: true };
  }

  /** Why the table does not take this wager now, or null. */
  placementRefusal(wager, e) {
    switch (wager.kind) {
      case 'line':   // conv-table-placement: Pass, Don't Pass on a come-out roll
        return this.comeOut ? null : `${wager.name} is placed only on a come-out roll`;
      case 'come':   // conv-table-placement: Come, Don't Come only while a point is on
        return this.comeOut ? `${wager.name} is placed only while a point is on` : null;
      case 'odds':
        return this.oddsRefusal(wager, e);
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
   * Chance wager (whose point must be known) has already been engaged": its `on` is a bet now
   * on the table, of the corresponding wager (Pass odds on a Pass bet, ...), with a point.
   * Then the declared limits: policy-one-odds, policy-odds-limit.
   */
  oddsRefusal(wager, e) {
    if (!isId(e.on)) return `${wager.name} names its ${wager.on} bet: "on"`;
    const base = this.bets.get(e.on);
    if (!base) return `no bet ${JSON.stringify(e.on)} on the table`;
    // Fault wrong-kind-odds: any Single Chance bet will do.
    const fits = FAULT.wrongKindOdds ? isSingleChance(base) : base.wager === wager.on;
    if (!fits) return `${wager.name} is placed on a ${wager.on} bet`;
    // Fault odds-before-point: the point check is missing.
    if (base.point === null && !FAULT.oddsBeforePoint) {
      return `${wager.name} needs its ${wager.on} bet to have a point`;
    }
    if (POLICY.oneOdds && this.oddsOn(base).length > 0) {
      return `one Associate Chance on each Single Chance bet (policy-one-odds)`;
    }
    return oddsLimitRefusal(wager, e.amount, base);
  }

  /** conv-table-call, policy-no-working-call: why a bet of this wager takes no call, or null. */
  callRefusal(wager) {
    if (POLICY.noWorkingCall) return 'the table takes no working call (policy-no-working-call)';
    return takesCall(wager) ? null : `${wager.name} takes no working call (conv-table-call)`;
  }

  /** conv-money-round-once, exact rounding: refuse a stake some win of which pays a fraction. */
  exactRefusal(wager, e) {
    if (OPTIONS.rounding !== 'exact') return null;
    const base = wager.kind === 'odds' ? this.bets.get(e.on) : null;
    const units = e.amount * UNITS_PER_STAKE;
    const nets = winNets(wager, base ? base.point : null);
    const whole = nets.every(([x, y]) => (units * x) % y === 0n);
    return whole ? null : 'under exact rounding a win of this stake would pay a fraction of a unit';
  }

  // --- call -----------------------------------------------------------------------------------

  /** The player changes a bet's working call; it stays with the bet (conv-call-stands). */
  call(e) {
    // Fault refuse-calls: the call screen is never wired to the bets.
    if (FAULT.refuseCalls) return refused('calls are not taken');
    const bet = this.bets.get(e.call);
    if (!bet) return refused('no such bet on the table (conv-table-call)');
    if (typeof e.working !== 'boolean') return refused('working is true or false');
    const why = this.callRefusal(WAGERS.get(bet.wager));
    if (why) return refused(why);
    bet.working = e.working;
    return { accepted: true };
  }

  // --- withdraw -------------------------------------------------------------------------------

  withdraw(e) {
    const bet = this.bets.get(e.withdraw);
    if (!bet) return refused('no such bet on the table (conv-table-decided)');
    // Fault no-take-down: the take-down button is disabled, without a policy declared.
    if (FAULT.noTakeDown) return refused('bets are not taken down');
    const why = this.withdrawalRefusal(bet);
    if (why) return refused(why);
    // Fault keep-withdrawn: the stake of a Hard Way is given back, the bet is left on.
    if (!(FAULT.keepWithdrawn && bet.kind === 'hard')) this.bets.delete(bet.id);
    // Fault odds-withdraw-takes-line: taking the odds down clears the whole spot.
    if (FAULT.oddsWithdrawTakesLine && bet.kind === 'odds') this.bets.delete(bet.on);
    return { accepted: true, returned: bet.units };
  }

  /** Why the player may not take this bet down, or null. */
  withdrawalRefusal(bet) {
    // r3-95.16-intro.s1: the odds on a Single Chance bet "follow the outcome" of it.
    if (isSingleChance(bet) && this.oddsOn(bet).length > 0) {
      return `${bet.wager} carries odds that follow it (r3-95.16-intro.s1)`;
    }
    if (noTakeDown(bet)) return `${bet.wager} is not taken down (policy-no-take-down)`;
    // r3-95.15-1.s5: "may be withdrawn following an inconclusive roll". Fault
    // hard-way-no-withdraw: once a roll has gone by, the hard way is locked.
    if (bet.kind === 'hard' && FAULT.hardWayNoWithdraw && bet.rolls > 0) {
      return `${bet.wager} is not taken down after a roll`;
    }
    // Hard Ways and Associate Chances after an inconclusive roll (r3-95.15-1.s5,
    // r3-95.16-intro.s1); anything else is the table's choice (conv-table-withdrawal-scope):
    // this table takes it down, the whole stake returned.
    return null;
  }

  // --- roll -----------------------------------------------------------------------------------

  roll(e) {
    const dice = e.roll;
    if (!Array.isArray(dice) || dice.length !== 2 || !isDie(dice[0]) || !isDie(dice[1])) {
      return refused('a roll is two dice, each a whole number 1 to 6');
    }
    const [d1, d2] = dice.map(Number);
    const comeOut = this.comeOut;
    // conv-table-decided: every bet on the table before the roll, and no other.
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
    const listed = before.map((bet) => this.apply(bet, settlements.get(bet.id), comeOut));
    // Faults pay-again, relist-decided: last roll's decided entries come round again.
    listed.push(...this.relist);
    this.relist = listed.filter((x) => !x.again && (
      (FAULT.payAgain && x.decision === 'win') || (FAULT.relistDecided && x.decision === 'lose')))
      .map((x) => ({ ...x, again: true }));
    const point = this.advance(d1 + d2);
    const entries = listed.map((x) => x.entry);
    const answer = { point, bets: OPTIONS.shuffle ? scramble(entries, this.rolls) : entries };
    if (POLICY.perPlayer) answer.players = players(listed.filter((x) => !x.entry.stays));
    this.rolls++;
    return answer;
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
    // Fault come-odds-dead: odds that stood through a come-out roll drop off the settlement
    // loop, and stay on the layout with no decision.
    if (bet.dead) return noDecision(bet.point);
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
    // Fault second-shooter-odds: the odds table is reset to even money when the dice pass.
    if (FAULT.secondShooterOdds && bet.wager === 'pass-odds' && settlement.decision === 'win' &&
        this.shooter >= 2) {
      return win(1);
    }
    return settlement;
  }

  /** Pay or keep one bet: its entry, with what the money of the roll needs. */
  apply(bet, settlement, comeOut) {
    const exact = exactWinnings(bet, settlement);
    const entry = payment(bet, settlement, exact);
    if (entry.stays) {
      bet.point = settlement.point;
      bet.rolls++;
      if (FAULT.comeOddsDead && comeOut && bet.wager === 'come-odds') bet.dead = true;
    } else {
      this.bets.delete(bet.id);
    }
    return { entry, exact, player: bet.player, decision: settlement.decision };
  }

  /**
   * The table after the roll: its point (conv-single-chance-pass) and the shooter
   * (conv-table-shooter). Returns the point the answer reports.
   */
  advance(total) {
    const before = this.point;
    const sevenOut = before !== null && total === 7;
    this.point = nextTablePoint(before, total);
    this.firstRoll = sevenOut;   // a seven-out ends the shooter: the next roll is a new one's
    if (sevenOut) {
      this.shooter++;
      this.shooterPoints = 0;
      this.lastPoint = before;
    } else if (before === null && this.point !== null) {
      this.shooterPoints++;
      // Fault old-point-next-shooter: the display keeps the last shooter's point until the
      // new shooter's second point.
      if (FAULT.oldPointNextShooter && this.shooter >= 2 && this.shooterPoints === 1) {
        return this.lastPoint;
      }
    }
    return this.point;
  }
}

/** One script on a fresh table: its id echoed, one answer per event. */
function playScript(script) {
  const table = new Table();
  return { id: script.id, answers: script.events.map((e) => table.event(e)) };
}

const isScript = (s) => isObject(s) && isId(s.id) && Array.isArray(s.events);

// ---------------------------------------------------------------------------------------------
// Protocol 2
// ---------------------------------------------------------------------------------------------

const HELLO = toJson({
  name: 'Example Table',
  version: '1.0.0' + OPTIONS.faults.map((f) => ` +fault:${f}`).join(''),
  games: ['craps'],
  wagers: [...WAGERS.keys()],
  interface: 'table',
  protocol: '2.1', // scripts are {"id", "events"}: docs/engine-protocol.md, "Protocol versions"
  money: MONEY,
  ...(OPTIONS.maxStake === null ? {} : { limits: { max_stake: OPTIONS.maxStake } }),
  ...(Object.keys(declaredPolicies()).length ? { policies: declaredPolicies() } : {}),
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
      if (!Array.isArray(scripts) || !scripts.every(isScript)) {
        return errorAnswer('play needs scripts: a list of {"id": ID, "events": [...]}');
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
