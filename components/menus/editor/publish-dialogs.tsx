"use client";

import { useQuery } from "@tanstack/react-query";
import { ConfirmBody, Dialog } from "@/components/ui/dialog";
import { ErrorState } from "@/components/ui/states";
import { problemMessage } from "@/lib/client/api";
import { type MenuImpact, menuQueries } from "@/lib/client/queries/menus";
import styles from "./publish-dialogs.module.css";

// Publishing and unpublishing ask once, saying what changes for guests (decision 078): which menus, the
// items guests would see with no price, and the paired TVs set to show each menu. What they say is read
// from the server as the dialog opens (GET /locations/:id/menus/publish_impact); each step has its Undo.

type Named = { id: number; name: string };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
const boardNames = (menu: MenuImpact) => menu.boards.map((board) => board.name).join(", ");

/** The TVs set to show the menu, and what they will show after the change. */
function BoardsLine({ menu, publish }: { menu: MenuImpact; publish: boolean }) {
  const count = menu.boards.length;
  if (count === 0) return <p>No TV is set to show it.</p>;
  return publish ? (
    <p>{`Shown on ${plural(count, "TV")}: ${boardNames(menu)}.`}</p>
  ) : (
    <p>{`${plural(count, "TV")} showing it (${boardNames(menu)}) will say it isn't available right now.`}</p>
  );
}

/** The items guests would see with no price, named (the first ones, with how many more). */
function UnpricedItems({ menu }: { menu: MenuImpact }) {
  const count = menu.unpriced_item_count;
  if (count === 0) return null;
  const more = count - menu.unpriced_items.length;
  return (
    <div className={styles.unpriced}>
      <p>{`${count === 1 ? "1 item has" : `${count} items have`} no price: guests will see ${count === 1 ? "it" : "them"} without one.`}</p>
      <ul aria-label={`Items with no price in ${menu.name}`}>
        {menu.unpriced_items.map((item) => (
          <li key={item.id}>{`${item.name} (${item.section_name})`}</li>
        ))}
        {more > 0 && <li>{`and ${more} more`}</li>}
      </ul>
    </div>
  );
}

function Checking({ onCancel, confirmLabel }: { onCancel: () => void; confirmLabel: string }) {
  return (
    <ConfirmBody
      message={<p>Checking what guests will see…</p>}
      confirmLabel={confirmLabel}
      disabled
      onConfirm={() => {}}
      onCancel={onCancel}
    />
  );
}

function Failed({
  error,
  onRetry,
  onCancel,
  confirmLabel,
}: {
  error: unknown;
  onRetry: () => void;
  onCancel: () => void;
  confirmLabel: string;
}) {
  return (
    <ConfirmBody
      message={<ErrorState message={`What guests would see could not be read: ${problemMessage(error)}`} onRetry={onRetry} />}
      confirmLabel={confirmLabel}
      disabled
      onConfirm={() => {}}
      onCancel={onCancel}
    />
  );
}

/** Publish all: lists the location's drafts as they are now; confirming publishes exactly those. */
export function PublishAllDialog({
  open,
  onClose,
  locationId,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  locationId: number;
  onConfirm: (menus: Named[]) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Publish all drafts?">
      <PublishAllBody locationId={locationId} onClose={onClose} onConfirm={onConfirm} />
    </Dialog>
  );
}

function PublishAllBody({
  locationId,
  onClose,
  onConfirm,
}: {
  locationId: number;
  onClose: () => void;
  onConfirm: (menus: Named[]) => void;
}) {
  const impact = useQuery(menuQueries.publishImpact(locationId));
  if (impact.isPending) return <Checking onCancel={onClose} confirmLabel="Publish" />;
  if (impact.isError) return <Failed error={impact.error} onRetry={() => impact.refetch()} onCancel={onClose} confirmLabel="Publish" />;
  const drafts = impact.data;
  if (drafts.length === 0)
    return (
      <ConfirmBody
        message={<p>Every menu is already published.</p>}
        confirmLabel="Publish"
        disabled
        onConfirm={() => {}}
        onCancel={onClose}
      />
    );
  return (
    <ConfirmBody
      tone="primary"
      message={
        <>
          <p>{`${drafts.length === 1 ? "This draft goes" : `These ${drafts.length} drafts go`} live for guests: on the phone menu, your website and the TVs set to show ${drafts.length === 1 ? "it" : "them"}.`}</p>
          <ul className={styles.menus} aria-label="Drafts to publish">
            {drafts.map((menu) => (
              <li key={menu.id}>
                <strong>{menu.name}</strong>
                <BoardsLine menu={menu} publish />
                <UnpricedItems menu={menu} />
              </li>
            ))}
          </ul>
          <p>You can undo this from the message that follows.</p>
        </>
      }
      confirmLabel={`Publish ${plural(drafts.length, "menu")}`}
      onConfirm={() => {
        onConfirm(drafts.map(({ id, name }) => ({ id, name })));
        onClose();
      }}
      onCancel={onClose}
    />
  );
}

/** The Published switch: publishing names the items with no price; both name the TVs showing the menu. */
export function PublishDialog({
  open,
  onClose,
  locationId,
  menu,
  publish,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  locationId: number;
  menu: Named;
  /** true: publish the draft; false: unpublish it. */
  publish: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={`${publish ? "Publish" : "Unpublish"} ${menu.name}?`}>
      <PublishBody locationId={locationId} menuId={menu.id} publish={publish} onClose={onClose} onConfirm={onConfirm} />
    </Dialog>
  );
}

function PublishBody({
  locationId,
  menuId,
  publish,
  onClose,
  onConfirm,
}: {
  locationId: number;
  menuId: number;
  publish: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const impact = useQuery(menuQueries.publishImpact(locationId, [menuId]));
  const confirmLabel = publish ? "Publish menu" : "Unpublish menu";
  if (impact.isPending) return <Checking onCancel={onClose} confirmLabel={confirmLabel} />;
  if (impact.isError)
    return <Failed error={impact.error} onRetry={() => impact.refetch()} onCancel={onClose} confirmLabel={confirmLabel} />;
  const menu = impact.data[0]!;
  return (
    <ConfirmBody
      tone={publish ? "primary" : "danger"}
      message={
        <>
          <p>
            {publish
              ? "Guests will see it on the phone menu and your website."
              : "Guests stop seeing it on the phone menu and your website."}
          </p>
          <BoardsLine menu={menu} publish={publish} />
          {publish && <UnpricedItems menu={menu} />}
          <p>You can undo this from the message that follows.</p>
        </>
      }
      confirmLabel={confirmLabel}
      onConfirm={() => {
        onConfirm();
        onClose();
      }}
      onCancel={onClose}
    />
  );
}
