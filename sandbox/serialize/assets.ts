// Image URLs of the sandbox's made-up catalogue: paths on the app's own origin, drawn by
// `labelResponse` (../labels.ts) and served at /sandbox/labels/, so the demo's labels, avatars and
// icons load offline and no page asks a host outside the app.
export const LABELS_PATH = "/sandbox/labels";

export const beerLabel = (bid: number, hd = false) => `${LABELS_PATH}/beer/${bid}${hd ? "-hd" : ""}.svg`;
export const breweryLabel = (breweryId: number) => `${LABELS_PATH}/brewery/${breweryId}.svg`;
export const userAvatar = (uid: number, hd = false) => `${LABELS_PATH}/user/${uid}${hd ? "-hd" : ""}.svg`;
export const venueIcon = (category: string, size: "sm" | "md" | "lg") =>
  `${LABELS_PATH}/venue/${category.toLowerCase().replace(/[^a-z]+/g, "-")}-${size}.svg`;
export const badgeImage = (slug: string, size: "sm" | "md" | "lg") => `${LABELS_PATH}/badge/${slug}-${size}.svg`;
// The made-up platform's own web pages (a user's profile), on a name that resolves nowhere: links, never loaded by a page.
export const profileUrl = (userName: string) => `https://sandbox.taproom.test/user/${encodeURIComponent(userName)}`;
export const directoryUrl = (directoryId: string) => `https://directory.sandbox.taproom.test/v/${directoryId}`;
