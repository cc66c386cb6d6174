// Image URLs of the sandbox's made-up catalogue; nothing is served there, so no request leaves the app.
const ASSETS = "https://labels.sandbox.taproom.test";

export const beerLabel = (bid: number, hd = false) => `${ASSETS}/beer/${bid}${hd ? "-hd" : ""}.png`;
export const breweryLabel = (breweryId: number) => `${ASSETS}/brewery/${breweryId}.png`;
export const userAvatar = (uid: number, hd = false) => `${ASSETS}/user/${uid}${hd ? "-hd" : ""}.png`;
export const venueIcon = (category: string, size: "sm" | "md" | "lg") =>
  `${ASSETS}/venue/${category.toLowerCase().replace(/[^a-z]+/g, "-")}-${size}.png`;
export const badgeImage = (slug: string, size: "sm" | "md" | "lg") => `${ASSETS}/badge/${slug}-${size}.png`;
// The made-up platform's own web pages (a user's profile), on a name that resolves nowhere.
export const profileUrl = (userName: string) => `https://sandbox.taproom.test/user/${encodeURIComponent(userName)}`;
export const directoryUrl = (directoryId: string) => `https://directory.sandbox.taproom.test/v/${directoryId}`;
