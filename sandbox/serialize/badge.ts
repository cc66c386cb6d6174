import type { sandboxBadges, sandboxUserBadges } from "@/sandbox/schema";
import { flag, rfc1123 } from "../time";
import { badgeImage } from "./assets";

export type BadgeRow = typeof sandboxBadges.$inferSelect;
export type UserBadgeRow = typeof sandboxUserBadges.$inferSelect;

/** One earned badge (a user badge): what user/badges lists and check-ins carry. */
export function earnedBadgeJson(badge: BadgeRow, earned: UserBadgeRow) {
  const name = badge.isLevel && earned.level > 1 ? `${badge.name} (Level ${earned.level})` : badge.name;
  return {
    user_badge_id: earned.id,
    badge_id: badge.id,
    checkin_id: earned.checkinId ?? 0,
    badge_name: name,
    badge_description: badge.description,
    badge_active_status: flag(true),
    category: badge.category,
    is_level: flag(badge.isLevel),
    level: earned.level,
    media: {
      badge_image_sm: badgeImage(badge.imageSlug, "sm"),
      badge_image_md: badgeImage(badge.imageSlug, "md"),
      badge_image_lg: badgeImage(badge.imageSlug, "lg"),
    },
    created_at: rfc1123(earned.createdAt),
  };
}

/** A badge as a check-in carries it (the one that check-in earned): the earned badge plus `badge_image`. */
export function checkinBadgeJson(badge: BadgeRow, earned: UserBadgeRow) {
  return {
    ...earnedBadgeJson(badge, earned),
    badge_image: { sm: badgeImage(badge.imageSlug, "sm"), md: badgeImage(badge.imageSlug, "md"), lg: badgeImage(badge.imageSlug, "lg") },
  };
}
