import { integer, timestamp } from "drizzle-orm/pg-core";

// Column helpers every schema file shares.
export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
export const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
export const timestamps = {
  createdAt: stamp("created_at").notNull().defaultNow(),
  updatedAt: stamp("updated_at").notNull().defaultNow(),
};
