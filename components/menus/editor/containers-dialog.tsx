"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { containerSizeQueries, menuQueries, type Container, type ContainerSize, type Item } from "@/lib/client/queries/menus";
import { useVenueTime } from "@/lib/client/use-venue-time";
import { describeWindow } from "@/lib/schedules/describe";
import { formatClock, inVenueZone, timeOf, type VenueTime } from "@/lib/shared/time-format";
import { ContainerForm, type ContainerValues } from "./container-form";
import { HappyHoursForm } from "./happy-hours-form";
import { formatPrice } from "@/lib/shared/format-price";
import { sizeLabel, volumeText } from "@/lib/shared/size-defaults";
import { containerLabel } from "./format";
import { useLocationCountry } from "./size-options";
import styles from "./containers.module.css";

const sizeName = (container: Container) => container.container_size?.name ?? container.name ?? "Serving";

/** An item's sizes and prices: add, edit, delete; listed by volume, the order guests see (issue 49). */
export function ContainersDialog({
  item,
  menuId,
  locationId,
  currencySymbol,
  onClose,
}: {
  item: Item | null;
  menuId: number;
  locationId: number;
  currencySymbol: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={item !== null} onClose={onClose} title={item ? `Sizes and prices: ${item.name}` : "Sizes and prices"} wide>
      {item && <Containers item={item} menuId={menuId} locationId={locationId} currencySymbol={currencySymbol} />}
    </Dialog>
  );
}

function Containers({
  item,
  menuId,
  locationId,
  currencySymbol,
}: {
  item: Item;
  menuId: number;
  locationId: number;
  currencySymbol: string;
}) {
  const sizes = useQuery(containerSizeQueries.list());
  const country = useLocationCountry(locationId);
  const venue = useVenueTime(locationId);
  const clock = venue?.clock ?? "24h";
  const queryClient = useQueryClient();
  const notify = useToast();
  // One row at a time is open: its size and price, or its happy hours.
  const [editing, setEditing] = useState<{ id: number; what: "price" | "happy" } | null>(null);
  const [deleting, setDeleting] = useState<Container | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: menuQueries.tree(menuId).queryKey });

  const remove = useMutation({
    mutationFn: (container: Container) => apiFetch(`/api/v1/containers/${container.id}`, { method: "DELETE" }),
    onSuccess: (_data, container) => {
      notify(`${sizeName(container)} removed from ${item.name}.`);
      setDeleting(null);
      return refresh();
    },
    onError: (error) => notify(`The size was not deleted: ${problemMessage(error)}`, { tone: "error" }),
  });

  async function add(values: ContainerValues) {
    await apiFetch(`/api/v1/items/${item.id}/containers`, { method: "POST", body: { container: values } });
    notify(`Size added to ${item.name}.`);
    // Not awaited: the form empties at once for the next size while the list refreshes.
    void refresh();
  }
  async function update(container: Container, values: ContainerValues) {
    await apiFetch(`/api/v1/containers/${container.id}`, {
      method: "PATCH",
      body: { container: { container_size_id: values.container_size_id, price: values.price } },
    });
    notify(`${item.name}: ${sizeName(container)} saved.`);
    setEditing(null);
    await refresh();
  }
  async function saveHappyHours(container: Container, timePrices: Container["time_prices"] | null) {
    try {
      await apiFetch(`/api/v1/containers/${container.id}`, { method: "PATCH", body: { container: { time_prices: timePrices } } });
    } catch (error) {
      // Removing them all has no form to hold the refusal: it is said in a toast.
      if (timePrices === null) return notify(`The happy hours were not removed: ${problemMessage(error)}`, { tone: "error" });
      throw error;
    }
    notify(
      timePrices?.length
        ? `${item.name}: ${sizeName(container)} happy hours saved (${timePrices.map((window) => describeWindow(window, (time) => formatClock(time, clock))).join("; ")}).`
        : `${item.name}: ${sizeName(container)} is at its regular price at all times.`,
    );
    setEditing(null);
    await refresh();
  }

  // The location's country picks the sizes a new price starts on: the form waits for it.
  if (sizes.isPending || country === undefined) return <Skeleton lines={3} label="Loading sizes" />;
  if (sizes.isError)
    return <ErrorState message={`The sizes could not be loaded: ${problemMessage(sizes.error)}`} onRetry={() => sizes.refetch()} />;

  return (
    <div className={styles.wrap}>
      {item.containers.length === 0 ? (
        <p className={styles.empty}>No sizes yet. Add the first size and its price below.</p>
      ) : (
        <ol className={styles.list} aria-label={`Sizes of ${item.name}`}>
          {item.containers.map((container) =>
            editing?.id === container.id && editing.what === "happy" ? (
              <li key={container.id} className={styles.editing}>
                <HappyHoursForm
                  container={container}
                  name={sizeName(container)}
                  currencySymbol={currencySymbol}
                  clock={clock}
                  onSave={(timePrices) => saveHappyHours(container, timePrices)}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : editing?.id === container.id ? (
              <li key={container.id} className={styles.editing}>
                <ContainerForm
                  sizes={sizes.data}
                  country={country}
                  currencySymbol={currencySymbol}
                  initial={{ ...container, price: container.regular_price ?? container.price }}
                  submitLabel="Save"
                  busyLabel="Saving…"
                  onSubmit={(values) => update(container, values)}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <ContainerRow
                key={container.id}
                container={container}
                sizes={sizes.data}
                venue={venue}
                onEdit={() => setEditing({ id: container.id, what: "price" })}
                onHappyHours={() => setEditing({ id: container.id, what: "happy" })}
                onDelete={() => setDeleting(container)}
              />
            ),
          )}
        </ol>
      )}
      <h3 className={styles.addTitle}>Add a size</h3>
      <ContainerForm
        sizes={sizes.data}
        country={country}
        currencySymbol={currencySymbol}
        submitLabel="Add size"
        busyLabel="Adding…"
        onSubmit={add}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this size?"
        message={deleting && <p>{`${containerLabel(deleting)} will be removed from ${item.name}. This cannot be undone.`}</p>}
        confirmLabel="Delete size"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

function ContainerRow({
  container,
  sizes,
  venue,
  onEdit,
  onHappyHours,
  onDelete,
}: {
  container: Container;
  sizes: ContainerSize[];
  venue: VenueTime | null;
  onEdit: () => void;
  onHappyHours: () => void;
  onDelete: () => void;
}) {
  const name = sizeName(container);
  const clock = venue?.clock ?? "24h";
  // The size's volume in its own unit (568 ml, 0.5 l, 8 oz), unless its name says it already.
  const size = container.container_size ?? sizes.find((listed) => listed.id === container.container_size_id);
  const volume = size && sizeLabel(size) !== size.name ? volumeText(size) : null;
  return (
    <li className={styles.row}>
      <span className={styles.size}>
        {name}
        {volume && <span className={styles.ounces}> · {volume}</span>}
      </span>
      <span className={styles.price}>{formatPrice(container.regular_price ?? container.price, container.currency)}</span>
      <span className={styles.rowActions}>
        <button type="button" className="btn btn--small" onClick={onEdit}>
          Edit<span className="visually-hidden"> {name}</span>
        </button>
        <button type="button" className="btn btn--small" onClick={onHappyHours}>
          Happy hour<span className="visually-hidden"> prices of {name}</span>
        </button>
        <button type="button" className="btn btn--small btn--ghost" onClick={onDelete}>
          Delete<span className="visually-hidden"> {name}</span>
        </button>
      </span>
      {container.time_prices?.length ? (
        <ul className={styles.happyList} aria-label={`Happy hours of ${name}`}>
          {container.time_prices.map((window) => (
            <li key={`${window.days.join()}${window.start}`}>
              {describeWindow(window, (time) => formatClock(time, clock))}: {formatPrice(window.price, container.currency)}
            </li>
          ))}
          {container.price_until && venue && (
            <li>
              <span className="badge badge--ok">
                Happy hour now: {formatPrice(container.price, container.currency)} until{" "}
                {timeOf(inVenueZone(container.price_until, venue.zone), clock)}
              </span>
            </li>
          )}
        </ul>
      ) : null}
    </li>
  );
}
