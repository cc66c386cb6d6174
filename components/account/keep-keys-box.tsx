import type { UseFormRegisterReturn } from "react-hook-form";
import styles from "./keep-keys-box.module.css";

/**
 * The box to keep API tokens and keys over a password change or reset (decision 075): unticked by
 * default, so a change after a compromise ends what the attacker may hold. One for both forms.
 */
export function KeepKeysBox({ field }: { field: UseFormRegisterReturn<"keep_api_keys"> }) {
  return (
    <label className={styles.keep}>
      <input type="checkbox" {...field} />
      <span>Keep my API tokens and integration keys working (leave unticked if someone else may have them)</span>
    </label>
  );
}
