"use client";

import dynamic from "next/dynamic";

// The forms (zod, react-hook-form and the add-item dialog) are loaded in their own chunks when first
// opened (OnceOpened), out of the route's first load and out of the phone's work while the board starts.
export const MenuFormDialog = dynamic(() => import("./menu-form-dialog").then((module) => module.MenuFormDialog), { ssr: false });
export const TreeDialogs = dynamic(() => import("./tree-dialogs").then((module) => module.TreeDialogs), { ssr: false });
export const TranslationsDialog = dynamic(() => import("./translations-dialog").then((module) => module.TranslationsDialog), {
  ssr: false,
});
export const DisplayLinkDialog = dynamic(() => import("./display-link-dialog").then((module) => module.DisplayLinkDialog), { ssr: false });
// The deprecated custom menus (an add-on below the board) are drawn after the board's first paint.
export const CustomMenusPanel = dynamic(
  () => import("@/components/custom-menus/custom-menus-panel").then((module) => module.CustomMenusPanel),
  {
    ssr: false,
  },
);
// Publishing asks first (decision 078); its dialogs load when first opened.
export const PublishAllDialog = dynamic(() => import("./publish-dialogs").then((module) => module.PublishAllDialog), { ssr: false });
export const PublishDialog = dynamic(() => import("./publish-dialogs").then((module) => module.PublishDialog), { ssr: false });
