import type { PosConnection } from "@/lib/client/queries/pos";

// Which side leads (pos.md §2), in the bar's words. A connection offers the directions its provider can
// take (the server's `directions`): no "Taproom leads" where the POS's API takes no catalogue writes (Toast).

export type DirectionChoice = { value: PosConnection["direction"]; label: string; help: string };

const DIRECTIONS: DirectionChoice[] = [
  { value: "pos_to_taproom", label: "The till leads", help: "Prices and sold out come from the till; an 86 here is sent to the till." },
  { value: "prices_from_pos", label: "Prices from the till", help: "Only prices come from the till; sold out is kept apart." },
  { value: "taproom_to_pos", label: "Taproom leads", help: "Taproom's names, sizes, prices and 86 are written to the till." },
];

/** The choices the connection's select offers: its provider's directions (and the one it has, whatever it is). */
export const directionChoices = (connection: Pick<PosConnection, "direction" | "directions">): DirectionChoice[] =>
  DIRECTIONS.filter((each) => connection.directions.includes(each.value) || each.value === connection.direction);
