// Generates packages/domain/src/countries/country-data.ts, the country table of SPEC §3 ("about
// 240 countries and territories": id, iso, name, nicename, iso3, numcode, phonecode,
// telephoneMasks), from the world-countries and libphonenumber-js packages.
//
// Usage: npm run generate:countries -w @cashdesk/domain
//    or: node packages/domain/scripts/generate-countries.mjs   (from the repository root)
// The output is committed and is skipped by prettier (.prettierignore), one line per country.
//
// Choices (see also the TSDoc of Country in src/countries/country.ts):
// - Countries: every world-countries entry that libphonenumber-js has a numbering plan for.
//   That leaves out places without a dialling code of their own or without phone metadata
//   (Antarctica, Bouvet Island, Heard Island, French Southern Territories, Pitcairn, South
//   Georgia, US Minor Outlying Islands); libphonenumber's AC and TA have no ISO alpha-3 or
//   numeric code and are left out too.
// - id: 1-based position in the table sorted by alpha-2 code.
// - name: the common English name upper-cased; nicename: the common English name.
// - phonecode: libphonenumber's country calling code; for a North American Numbering Plan
//   member that libphonenumber tells apart by leading digits (every one but US and CA), the
//   calling code plus the territory's first area code in world-countries (JM -> 1876), as in the
//   classic country tables.
// - Extra dialling prefixes: the other world-countries dialling prefixes of a country that is
//   not the main country of its calling code (CA 1204..., DO 1829, KZ 76 and 77, AX 35818), so
//   that detection by the longest matching code finds them.
// - Main country per shared phonecode: libphonenumber's main country for the calling code (US
//   for 1, RU for 7, GB for 44), used when several countries match equally long.
// - telephoneMasks: one per possible length of the country's mobile numbers (plus the length of
//   its mobile example number). For each length, the example number is cut, or padded with
//   zeros, to that length and laid out with the first libphonenumber international format whose
//   pattern and leading digits accept it (else the first whose pattern accepts that many
//   digits; lengths no format accepts are skipped, except the example's own, which falls back to
//   libphonenumber's formatInternational). Digits become X, dots become spaces, and the area
//   code that a NANP phonecode already holds is removed (JM: "XXX-XXXX", seven digits).
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  Metadata,
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
} from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/examples.mobile.json';
import metadataJson from 'libphonenumber-js/metadata.max.json';
import worldCountries from 'world-countries';

const TARGET = fileURLToPath(new URL('../src/countries/country-data.ts', import.meta.url));
const require = createRequire(import.meta.url);
const LIBPHONENUMBER_VERSION = require('libphonenumber-js/package.json').version;
const WORLD_COUNTRIES_VERSION = require('world-countries/package.json').version;

const metadata = new Metadata();
const phoneCountries = new Set(getCountries());

/** The calling code's main country in libphonenumber (its formats live there). */
function mainCountryOf(callingCode) {
  const members = metadataJson.country_calling_codes[callingCode];
  return members[0];
}

/** Every dialling prefix world-countries lists for a country, digits only ("+1" + "876"). */
function worldPrefixes(country) {
  const root = country.idd.root.replace('+', '');
  return country.idd.suffixes.length === 0
    ? [root]
    : country.idd.suffixes.map((suffix) => root + suffix);
}

/** The phonecode: calling code, plus the area code for NANP territories told apart by it. */
function phonecodeOf(iso, callingCode, country) {
  if (callingCode !== '1') return callingCode;
  metadata.selectNumberingPlan(iso);
  const leadingDigits = metadata.numberingPlan.leadingDigits();
  if (!leadingDigits) return callingCode;
  const pattern = new RegExp(`^(?:${leadingDigits})`);
  const areaCode = worldPrefixes(country)
    .filter((prefix) => prefix.startsWith(callingCode) && prefix.length === 4)
    .map((prefix) => prefix.slice(callingCode.length))
    .find((code) => pattern.test(code));
  if (areaCode === undefined) throw new Error(`no area code for ${iso}`);
  return callingCode + areaCode;
}

/** The example digits cut or padded (with zeros) to `length`. */
function resize(digits, length) {
  return digits.length >= length ? digits.slice(0, length) : digits.padEnd(length, '0');
}

/** Whether the format applies to `digits`: full pattern and its most specific leading digits. */
function fits(format, digits) {
  if (!new RegExp(`^(?:${format.pattern()})$`).test(digits)) return false;
  const leading = format.leadingDigitsPatterns();
  const last = leading[leading.length - 1];
  return last === undefined || new RegExp(`^(?:${last})`).test(digits);
}

/**
 * Mask of `digits` under the first international format that applies to them (leading digits
 * included), else the first one whose pattern takes that many digits; `null` when none does.
 * New Caledonia's dotted groups become spaces: masks use only X, spaces, dashes and brackets.
 */
function formatMask(formats, digits) {
  const usable = formats.filter((format) => format.internationalFormat() !== 'NA');
  const chosen =
    usable.find((format) => fits(format, digits)) ??
    usable.find((format) => new RegExp(`^(?:${format.pattern()})$`).test(digits));
  if (chosen === undefined) return null;
  return digits
    .replace(new RegExp(`^(?:${chosen.pattern()})$`), chosen.internationalFormat())
    .replace(/\d/g, 'X')
    .replace(/[./]/g, ' ');
}

/** Drops the first `skip` digit places (an area code already in phonecode) and what follows them. */
function dropLeading(mask, skip) {
  let rest = mask;
  for (let skipped = 0; skipped < skip; skipped += 1) rest = rest.replace('X', '');
  return rest
    .replace(/^[^X]+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One mask per possible mobile number length, shortest first (see the header for the rule). */
function masksOf(iso, callingCode, phonecode) {
  const example = getExampleNumber(iso, examples);
  if (example === undefined) throw new Error(`no example number for ${iso}`);
  metadata.selectNumberingPlan(iso);
  const formats = metadata.numberingPlan.formats();
  const mobile = metadata.numberingPlan.type('MOBILE');
  const exampleDigits = example.nationalNumber;
  const lengths = [...new Set([...(mobile?.possibleLengths() ?? []), exampleDigits.length])];
  const skip = phonecode.length - callingCode.length;
  const masks = lengths
    .sort((a, b) => a - b)
    .filter((length) => length > skip)
    .map((length) => {
      const digits = resize(exampleDigits, length);
      const mask = formatMask(formats, digits);
      if (mask !== null || length !== exampleDigits.length) return mask;
      // No format of its own (a few small territories): libphonenumber's own rendering.
      const international = example.formatInternational();
      return international.slice(`+${callingCode}`.length).trim().replace(/\d/g, 'X');
    })
    .filter((mask) => mask !== null)
    .map((mask) => dropLeading(mask, skip));
  for (const mask of masks) {
    if (!/^X[X ()-]*$/.test(mask)) throw new Error(`${iso}: unexpected mask "${mask}"`);
  }
  return [...new Set(masks)];
}

const selected = worldCountries
  .filter((country) => phoneCountries.has(country.cca2))
  .sort((a, b) => (a.cca2 < b.cca2 ? -1 : a.cca2 > b.cca2 ? 1 : 0));

const records = selected.map((country, index) => {
  const iso = country.cca2;
  const callingCode = getCountryCallingCode(iso);
  const phonecode = phonecodeOf(iso, callingCode, country);
  return {
    id: index + 1,
    iso,
    name: country.name.common.toUpperCase(),
    nicename: country.name.common,
    iso3: country.cca3,
    numcode: country.ccn3 === '' ? null : Number.parseInt(country.ccn3, 10),
    phonecode,
    telephoneMasks: masksOf(iso, callingCode, phonecode),
    callingCode,
    country,
  };
});

const extraPrefixes = new Map();
for (const record of records) {
  if (mainCountryOf(record.callingCode) === record.iso) continue;
  for (const prefix of worldPrefixes(record.country)) {
    const isLonger = prefix.length >= record.phonecode.length && prefix !== record.phonecode;
    if (
      prefix.startsWith(record.callingCode) &&
      isLonger &&
      prefix.length > record.callingCode.length
    ) {
      if (extraPrefixes.has(prefix)) throw new Error(`prefix ${prefix} is listed twice`);
      extraPrefixes.set(prefix, record.iso);
    }
  }
}

const byPhonecode = new Map();
for (const record of records) {
  byPhonecode.set(record.phonecode, [...(byPhonecode.get(record.phonecode) ?? []), record.iso]);
}
const mainCountries = [...byPhonecode]
  .filter(([, members]) => members.length > 1)
  .map(([phonecode, members]) => {
    const main = mainCountryOf(phonecode);
    if (!members.includes(main)) throw new Error(`main country ${main} of ${phonecode} missing`);
    return [phonecode, main];
  })
  .sort(([a], [b]) => Number(a) - Number(b));

const str = (text) => JSON.stringify(text);
const countryLines = records.map(
  (r) =>
    `  { id: ${r.id}, iso: ${str(r.iso)}, name: ${str(r.name)}, nicename: ${str(r.nicename)}, ` +
    `iso3: ${str(r.iso3)}, numcode: ${r.numcode === null ? 'null' : r.numcode}, ` +
    `phonecode: ${str(r.phonecode)}, telephoneMasks: [${r.telephoneMasks.map(str).join(', ')}] },`,
);
const prefixLines = [...extraPrefixes]
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([prefix, iso]) => `  ${str(prefix)}: ${str(iso)},`);
const mainLines = mainCountries.map(([phonecode, iso]) => `  ${str(phonecode)}: ${str(iso)},`);

const source = `/**
 * The country table of SPEC §3 (${records.length} countries and territories).
 *
 * GENERATED FILE, do not edit by hand. Regenerate with
 *   npm run generate:countries -w @cashdesk/domain
 * (packages/domain/scripts/generate-countries.mjs, which documents every choice). Sources:
 * world-countries ${WORLD_COUNTRIES_VERSION} (names, ISO codes, dialling prefixes) and libphonenumber-js
 * ${LIBPHONENUMBER_VERSION} (calling codes, mobile example numbers and international formats).
 *
 * @packageDocumentation
 */
import type { Country } from './country';

/** SPEC §3: every country record, sorted by \`iso\`; \`id\` is the 1-based position. */
export const COUNTRY_DATA: readonly Country[] = [
${countryLines.join('\n')}
];

/**
 * SPEC §5: further dialling prefixes (digits) of countries that share a calling code without
 * being its main country, e.g. Canadian area codes, so that the longest matching code finds them.
 */
export const EXTRA_DIALLING_PREFIXES: Readonly<Record<string, string>> = {
${prefixLines.join('\n')}
};

/** SPEC §5: the country a phonecode shared by several records means when nothing tells them apart. */
export const PHONECODE_MAIN_COUNTRY: Readonly<Record<string, string>> = {
${mainLines.join('\n')}
};
`;

await writeFile(TARGET, source, 'utf8');
console.log(
  `wrote ${records.length} countries, ${extraPrefixes.size} extra prefixes and ` +
    `${mainCountries.length} shared phonecodes to ${TARGET}`,
);
