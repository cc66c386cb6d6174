"use client";

import { useId } from "react";
import { ROLES, type Role, worksEverywhere } from "@/lib/auth/permissions";
import { type NamedLocation, ROLE_LABEL, ROLE_WORDS } from "./format";
import styles from "./team.module.css";

/** The API's words for the locations field ("must name at least one location…") as a request to the person. */
const locationWords = (message: string) =>
  /at least one location/.test(message)
    ? "Choose at least one location: managers and staff work only where they are assigned."
    : /^[a-z]/.test(message)
      ? `Locations ${message}`
      : message;

/** The role (with what it may do) and, for managers and staff, the locations they work at. */
export function RoleFields({
  role,
  onRole,
  locationIds,
  onLocations,
  locations,
  locationsError,
}: {
  role: Role;
  onRole: (role: Role) => void;
  locationIds: number[];
  onLocations: (ids: number[]) => void;
  locations: NamedLocation[];
  locationsError?: string;
}) {
  const id = useId();
  const errorId = `${id}-locations-error`;
  return (
    <>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Role</legend>
        <div className={styles.roles}>
          {ROLES.map((option) => (
            <label key={option} className={styles.roleOption}>
              <input type="radio" name={`${id}-role`} value={option} checked={role === option} onChange={() => onRole(option)} />
              <span>
                <span className={styles.roleName}>{ROLE_LABEL[option]}</span>
                <span className={styles.roleWords}>{ROLE_WORDS[option]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {worksEverywhere(role) ? (
        <p className={styles.note}>Owners work at every location, including ones added later.</p>
      ) : (
        <fieldset
          className={styles.fieldset}
          aria-invalid={Boolean(locationsError)}
          aria-describedby={locationsError ? errorId : undefined}
        >
          <legend className={styles.legend}>Locations</legend>
          {locations.length === 0 ? (
            <p className={styles.note}>There is no location yet: add one on the Locations page first.</p>
          ) : (
            <div className={styles.checks}>
              {locations.map((location) => (
                <label key={location.id} className={styles.check}>
                  <input
                    type="checkbox"
                    checked={locationIds.includes(location.id)}
                    onChange={(event) =>
                      onLocations(
                        event.target.checked ? [...locationIds, location.id] : locationIds.filter((other) => other !== location.id),
                      )
                    }
                  />
                  <span>{location.name}</span>
                </label>
              ))}
            </div>
          )}
          {locationsError && (
            <p id={errorId} className={styles.fieldError}>
              {locationWords(locationsError)}
            </p>
          )}
        </fieldset>
      )}
    </>
  );
}
