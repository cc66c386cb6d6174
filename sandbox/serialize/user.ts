import type { SandboxUser } from "../auth";
import type { Viewer } from "../context";
import { flag } from "../time";
import { profileUrl, userAvatar } from "./assets";

/** The user record as lists, check-ins, comments and toasts embed it. */
export function userJson(user: SandboxUser, viewer: Viewer) {
  return {
    uid: user.id,
    user_name: user.userName,
    first_name: user.firstName,
    last_name: user.lastName,
    user_avatar: userAvatar(user.id),
    user_avatar_hd: userAvatar(user.id, true),
    location: user.location,
    url: user.url,
    untappd_url: profileUrl(user.userName),
    bio: user.bio,
    is_supporter: flag(user.isSupporter),
    is_private: flag(user.isPrivate),
    relationship: viewer.relation(user.id),
  };
}
