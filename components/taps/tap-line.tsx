"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { CopyBlock } from "@/components/account/copy-block";
import { useCopy } from "@/components/account/use-copy";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { type Tap, tapQueries } from "@/lib/client/queries/taps";
import { useNow } from "@/lib/client/use-now";
import type { PairedAnswer } from "@/lib/taps/sensors/schemas";
import { formatDayTime, type VenueTime } from "@/lib/shared/time-format";
import styles from "./taps.module.css";

// A tap's line on the Taps page (venue-operations §14): its keg sensor (paired here by managers: an
// MQTT meter answers with the topic and the JSON it publishes; a Kegtron with the device's URL and
// port), the line's temperature (flagged when too warm) and its cleaning, recorded by anyone who pours.

const KIND_NAMES = { mqtt: "MQTT meter", kegtron: "Kegtron" } as const;

export function TapLine({ tap, venue, locationId, canEdit }: { tap: Tap; venue: VenueTime; locationId: number; canEdit: boolean }) {
  const now = useNow();
  const notify = useToast();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: tapQueries.all() });
  const [pairing, setPairing] = useState(false);
  const [unpairing, setUnpairing] = useState(false);
  const cleaned = useMutation({
    mutationFn: () => apiFetch(`/api/v1/taps/${tap.id}/line_cleaned`, { method: "POST", body: {} }),
    onSuccess: () => notify(`Tap ${tap.number}'s line is recorded as cleaned.`),
    onError: (error) => notify(problemMessage(error), { tone: "error" }),
    onSettled: refresh,
  });
  const unpair = useMutation({
    mutationFn: (id: number) => apiFetch(`/api/v1/sensors/${id}`, { method: "DELETE" }),
    onSuccess: () => notify(`Tap ${tap.number}'s sensor is unpaired. What it counted stays counted.`),
    onError: (error) => notify(problemMessage(error), { tone: "error" }),
    onSettled: refresh,
  });
  const sensor = tap.sensor;
  const due = new Date(tap.line_cleaning_due_at).getTime() <= (now?.getTime() ?? 0);
  return (
    <section className={styles.lineFacts} aria-label={`Tap ${tap.number} line`}>
      <p className={styles.meta}>
        {sensor ? (
          <>
            {KIND_NAMES[sensor.kind]} <code>{sensor.device_id}</code> ·{" "}
            {sensor.last_reading_at ? `last reading ${formatDayTime(sensor.last_reading_at, venue, now)}` : "no reading yet"}
          </>
        ) : (
          "No sensor"
        )}
        {tap.temperature_c !== null && (
          <>
            {" "}
            · line {tap.temperature_c.toFixed(1)} °C
            {tap.temperature_at && ` at ${formatDayTime(tap.temperature_at, venue, now)}`}{" "}
            {tap.too_warm && <span className="badge badge--bad">Too warm</span>}
          </>
        )}
      </p>
      <p className={styles.meta}>
        {tap.line_cleaned_at ? `Line cleaned ${formatDayTime(tap.line_cleaned_at, venue, now)}` : "Line cleaning not recorded"} ·{" "}
        {due ? <span className="badge badge--warn">Cleaning due</span> : `next due ${formatDayTime(tap.line_cleaning_due_at, venue, now)}`}
      </p>
      <div className={styles.actions}>
        <button type="button" className="btn btn--small" onClick={() => cleaned.mutate()} disabled={cleaned.isPending}>
          Line cleaned<span className="visually-hidden"> on tap {tap.number}</span>
        </button>
        {canEdit &&
          (sensor ? (
            <button type="button" className="btn btn--small" onClick={() => setUnpairing(true)} disabled={unpair.isPending}>
              Unpair sensor<span className="visually-hidden"> from tap {tap.number}</span>
            </button>
          ) : (
            <button type="button" className="btn btn--small" onClick={() => setPairing(true)}>
              Pair a sensor<span className="visually-hidden"> to tap {tap.number}</span>
            </button>
          ))}
      </div>
      <Dialog open={pairing} onClose={() => setPairing(false)} title={`Pair a sensor to tap ${tap.number}`}>
        {pairing && <PairSensor tap={tap} locationId={locationId} onDone={() => setPairing(false)} onPaired={refresh} />}
      </Dialog>
      <ConfirmDialog
        open={unpairing}
        title={`Unpair tap ${tap.number}'s sensor?`}
        message={<p>Its readings stop counting on this tap. What it counted stays counted.</p>}
        confirmLabel="Unpair"
        onClose={() => setUnpairing(false)}
        onConfirm={() => {
          setUnpairing(false);
          if (sensor) unpair.mutate(sensor.id);
        }}
      />
    </section>
  );
}

function PairSensor({ tap, locationId, onDone, onPaired }: { tap: Tap; locationId: number; onDone: () => void; onPaired: () => void }) {
  const [kind, setKind] = useState<"mqtt" | "kegtron">("mqtt");
  const [deviceId, setDeviceId] = useState("");
  const [url, setUrl] = useState("");
  const [port, setPort] = useState("0");
  const [paired, setPaired] = useState<PairedAnswer | null>(null);
  const copier = useCopy();
  const ids = { kind: useId(), device: useId(), url: useId(), port: useId(), error: useId() };
  const submit = useMutation({
    mutationFn: () =>
      apiFetch<PairedAnswer>(`/api/v1/locations/${locationId}/sensors`, {
        method: "POST",
        body: {
          sensor: {
            tap_id: tap.id,
            kind,
            device_id: deviceId.trim(),
            ...(kind === "kegtron" ? { url: url.trim(), port: Number(port) } : {}),
          },
        },
      }),
    onSuccess: (answer) => {
      onPaired();
      if (answer.sensor.kind === "mqtt") setPaired(answer);
      else onDone();
    },
  });
  if (paired?.sensor.mqtt) {
    const setup = paired.sensor.mqtt;
    return (
      <div>
        <p>
          Paired. Set the meter to publish to this topic (QoS 1), one message per pour with a new <code>id</code> each time:
        </p>
        <CopyBlock id="sensor-topic" label="topic" text={setup.topic} copier={copier} />
        <CopyBlock id="sensor-pour" label="pour message" text={JSON.stringify(setup.pour_example, null, 2)} copier={copier} block />
        <p>and per temperature reading:</p>
        <CopyBlock
          id="sensor-temperature"
          label="temperature message"
          text={JSON.stringify(setup.temperature_example, null, 2)}
          copier={copier}
          block
        />
        <div className={styles.dialogActions}>
          <button type="button" className="btn btn--primary" onClick={onDone}>
            Done
          </button>
        </div>
      </div>
    );
  }
  const failure = submit.error ? problemMessage(submit.error) : null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit.mutate();
      }}
      aria-describedby={failure ? ids.error : undefined}
    >
      <label htmlFor={ids.kind} className={styles.fieldLabel}>
        Sensor
      </label>
      <select id={ids.kind} className="select" value={kind} onChange={(event) => setKind(event.target.value as "mqtt" | "kegtron")}>
        <option value="mqtt">MQTT meter (Keg Cop, open-plaato-keg, DIY)</option>
        <option value="kegtron">Kegtron Pro</option>
      </select>
      <label htmlFor={ids.device} className={styles.fieldLabel}>
        Device id
      </label>
      <input
        id={ids.device}
        className="input"
        value={deviceId}
        onChange={(event) => setDeviceId(event.target.value)}
        maxLength={64}
        required
        autoComplete="off"
        spellCheck={false}
      />
      {kind === "kegtron" && (
        <>
          <label htmlFor={ids.url} className={styles.fieldLabel}>
            Device URL
          </label>
          <input
            id={ids.url}
            className="input"
            type="url"
            inputMode="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            maxLength={2000}
            required
            placeholder="http://kegtron.local/…"
          />
          <label htmlFor={ids.port} className={styles.fieldLabel}>
            Port
          </label>
          <select id={ids.port} className="select" value={port} onChange={(event) => setPort(event.target.value)}>
            {[0, 1, 2, 3].map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </>
      )}
      {failure && (
        <p id={ids.error} className={styles.formError} role="alert">
          {failure}
        </p>
      )}
      <div className={styles.dialogActions}>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={submit.isPending}>
          Pair
        </button>
      </div>
    </form>
  );
}
