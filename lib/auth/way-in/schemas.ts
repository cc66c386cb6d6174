import { z } from "zod";

/** A plain HTML form's body, read as text (its fields are the page's to read: lib/auth/way-in/forms.ts). */
export const formBody = z.string().meta({ contentMediaType: "application/x-www-form-urlencoded" });
