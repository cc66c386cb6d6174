"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AddItemDialog } from "@/components/menus/add-item/add-item-dialog";
import { ConfirmDialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { menuQueries, type MenuTree } from "@/lib/client/queries/menus";
import type { BoardDialog } from "./editor-dialogs";
import { BulkHappyHoursDialog, type HappyHoursTarget } from "./bulk-happy-hours-dialog";
import { ContainersDialog } from "./containers-dialog";
import { plural } from "./format";
import { ItemFormDialog } from "./item-form-dialog";
import { MoveItemDialog } from "./move-item-dialog";
import { SectionFormDialog } from "./section-form-dialog";
import { countItems, findItem, findSection, sectionLabel } from "./tree-ops";

type Props = {
  tree: MenuTree;
  dialog: BoardDialog | null;
  close: () => void;
  locationId: number;
  currencySymbol: string;
  onMenuDeleted: () => void;
};

/** The dialogs that work on the selected menu's tree; each reads its record fresh from the tree. */
export function TreeDialogs({ tree, dialog, close, locationId, currencySymbol, onMenuDeleted }: Props) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const treeKey = menuQueries.tree(tree.id).queryKey;
  const itemOf = (kind: BoardDialog["kind"]) =>
    dialog?.kind === kind && "itemId" in dialog ? (findItem(tree, dialog.itemId)?.item ?? null) : null;
  const addTo = dialog?.kind === "item-add" ? findSection(tree, dialog.sectionId) : null;
  const deletingItem = itemOf("item-delete");
  const deletingSection = dialog?.kind === "section-delete" ? dialog.section : null;
  const happyHours = happyHoursTarget(tree, dialog);

  const remove = useMutation({
    mutationFn: (path: string) => apiFetch(path, { method: "DELETE" }),
    onError: (error) => notify(`Nothing was deleted: ${problemMessage(error)}`, { tone: "error" }),
  });
  const removeThen = (path: string, message: string, after: () => Promise<unknown>) =>
    remove.mutate(path, {
      onSuccess: async () => {
        close();
        notify(message);
        await after();
      },
    });

  return (
    <>
      <SectionFormDialog open={dialog?.kind === "section-new"} onClose={close} menuId={tree.id} locationId={locationId} />
      <SectionFormDialog
        open={dialog?.kind === "section-edit"}
        onClose={close}
        menuId={tree.id}
        locationId={locationId}
        section={dialog?.kind === "section-edit" ? dialog.section : undefined}
      />
      <ItemFormDialog item={itemOf("item-edit")} menuId={tree.id} onClose={close} />
      <ContainersDialog
        item={itemOf("item-containers")}
        menuId={tree.id}
        locationId={locationId}
        currencySymbol={currencySymbol}
        onClose={close}
      />
      <MoveItemDialog item={itemOf("item-move")} tree={tree} onClose={close} />
      <BulkHappyHoursDialog target={happyHours} menuId={tree.id} locationId={locationId} currencySymbol={currencySymbol} onClose={close} />
      {addTo && (
        <AddItemDialog
          open
          onClose={close}
          sectionId={addTo.id}
          locationId={locationId}
          currencySymbol={currencySymbol}
          existingUntappdIds={addTo.items.flatMap((item) => (item.untappd_id === null ? [] : [item.untappd_id]))}
          published={!tree.unpublished}
          onAdded={() => queryClient.invalidateQueries({ queryKey: treeKey })}
        />
      )}

      <ConfirmDialog
        open={dialog?.kind === "menu-delete"}
        title={`Delete ${tree.name}?`}
        message={
          <>
            <p>
              The {plural(tree.sections.length, "section")} and {plural(countItems(tree), "item")} in it (the on-deck beers included) go
              with it, with their sizes and prices.
            </p>
            <p>{tree.unpublished ? "" : "Guests stop seeing it at once. "}This cannot be undone.</p>
          </>
        }
        confirmLabel="Delete menu"
        busy={remove.isPending}
        onConfirm={() =>
          removeThen(`/api/v1/menus/${tree.id}`, `${tree.name} was deleted.`, async () => {
            queryClient.removeQueries({ queryKey: treeKey });
            onMenuDeleted();
            await queryClient.invalidateQueries({ queryKey: menuQueries.list(locationId).queryKey });
          })
        }
        onClose={close}
      />
      <ConfirmDialog
        open={deletingSection !== null}
        title={deletingSection ? `Delete ${sectionLabel(deletingSection)}?` : "Delete section?"}
        message={
          <p>
            {deletingSection && deletingSection.items.length > 0
              ? `The ${plural(deletingSection.items.length, "item")} in it go with it, with their sizes and prices. `
              : "It has no items. "}
            This cannot be undone.
          </p>
        }
        confirmLabel="Delete section"
        busy={remove.isPending}
        onConfirm={() =>
          deletingSection &&
          removeThen(`/api/v1/sections/${deletingSection.id}`, `${sectionLabel(deletingSection)} was deleted.`, () =>
            queryClient.invalidateQueries({ queryKey: treeKey }),
          )
        }
        onClose={close}
      />
      <ConfirmDialog
        open={deletingItem !== null}
        title={deletingItem ? `Delete ${deletingItem.name}?` : "Delete item?"}
        message={
          <p>
            {deletingItem && deletingItem.containers.length > 0
              ? `Its ${plural(deletingItem.containers.length, "size")} and prices go with it. `
              : ""}
            This cannot be undone.
          </p>
        }
        confirmLabel="Delete item"
        busy={remove.isPending}
        onConfirm={() =>
          deletingItem &&
          removeThen(`/api/v1/items/${deletingItem.id}`, `${deletingItem.name} was deleted.`, () =>
            queryClient.invalidateQueries({ queryKey: treeKey }),
          )
        }
        onClose={close}
      />
    </>
  );
}

/** What the happy-hours dialog works on: a section of the tree, or the whole menu, with its count of prices. */
function happyHoursTarget(tree: MenuTree, dialog: BoardDialog | null): HappyHoursTarget | null {
  if (dialog?.kind !== "happy-hours") return null;
  const prices = (sections: MenuTree["sections"]) =>
    sections.reduce((sum, s) => sum + s.items.reduce((n, item) => n + item.containers.length, 0), 0);
  if (dialog.sectionId === null) {
    const onDeck = tree.on_deck_section ? [tree.on_deck_section as MenuTree["sections"][number]] : [];
    return { kind: "menu", id: tree.id, name: tree.name, prices: prices([...tree.sections, ...onDeck]) };
  }
  const section = findSection(tree, dialog.sectionId);
  return section ? { kind: "section", id: section.id, name: sectionLabel(section), prices: prices([section]) } : null;
}
