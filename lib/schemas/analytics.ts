import { z } from "zod";
import { sourceName } from "./common";

export const analyticsQuery = z.object({ source_name: sourceName });
