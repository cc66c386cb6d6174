// A price as people type it (issue 49 row 7): "£6.50", "6,50 €", "EUR 7.20", "1.234,50", "1 234,50",
// "1'234.50". The currency symbol or code around it is dropped, spaces and apostrophes between digit
// groups too; of "." and ",", the last one is the decimal mark when both are there; a lone "," before one
// or two digits is a decimal comma, before groups of three a thousands separator. What is left is
// checked as a plain decimal by the schema, so anything else is still "must be a number".

const CODE = "[A-Z]{3}|kr|zł|Kč|Fr\\.?";
const LEADING = new RegExp(`^(?:\\p{Sc}|(?:${CODE})(?=[\\s\\d.,]))\\s*`, "u");
const TRAILING = new RegExp(`(?<=[\\d\\s.,])\\s*(?:\\p{Sc}|${CODE}|,-|\\.-)$`, "u");
const GROUP_SPACE = /(?<=\d)[\s\u00a0\u202f'’](?=\d{3}(?!\d))/g;

export function priceText(text: string): string {
  let value = text.trim().replace(LEADING, "").replace(TRAILING, "").trim().replace(GROUP_SPACE, "");
  const comma = value.lastIndexOf(",");
  const dot = value.lastIndexOf(".");
  if (comma >= 0 && dot >= 0) {
    // Both: the later one is the decimal mark, the other groups thousands.
    value = comma > dot ? value.replaceAll(".", "").replace(",", ".") : value.replaceAll(",", "");
  } else if (comma >= 0) {
    value = /^\d{1,3}(,\d{3})+$/.test(value) ? value.replaceAll(",", "") : value.replace(/^(\d+),(\d{1,2})$/, "$1.$2");
  } else if (/^\d{1,3}(\.\d{3}){2,}$/.test(value)) {
    value = value.replaceAll(".", "");
  }
  return value;
}
