// The first menu's starting points (first run, step 2): a name and the sections to create, in order.
// Only the shape: the venue fills in its own drinks.

/** `taps`: the tap lines made with it, numbered from 1 (the Taps page's, empty until a beer goes on). */
export type MenuTemplate = { id: string; label: string; description: string; menuName: string; sections: string[]; taps?: number };

export const MENU_TEMPLATES: MenuTemplate[] = [
  {
    id: "taps-and-cans",
    label: "12 taps + cans",
    description: "A beer bar’s list: what is on tap, then the fridge.",
    menuName: "Beer list",
    sections: ["On tap", "Cans & bottles"],
    taps: 12,
  },
  {
    id: "cocktails-and-food",
    label: "Cocktails + food",
    description: "Drinks first, then the kitchen.",
    menuName: "Drinks & food",
    sections: ["Cocktails", "Beer & wine", "Soft drinks", "Food"],
  },
  {
    id: "empty",
    label: "Empty",
    description: "A menu with no sections: build it your way.",
    menuName: "Menu",
    sections: [],
  },
];
