import type { SandboxItem } from "./seed";
import { type Json, toastGuid } from "./store";

// Menus v2's shape (GET /menus/v2/menus): the restaurant's menus → menuGroups → menuItems, fully
// resolved; a size-priced item (pricingStrategy SIZE_PRICE, price null) names its Size modifier group
// by pricingRules.sizeSpecificPricingGuid, and the group and its options are in the answer's
// modifierGroupReferences / modifierOptionReferences maps, keyed by referenceId. Money: decimal numbers.

const VISIBILITY = ["POS", "KIOSK", "TOAST_ONLINE_ORDERING", "ORDERING_PARTNERS"];

export function menusJson(restaurant: Json, items: SandboxItem[]): Json {
  const groupReferences: Record<string, Json> = {};
  const optionReferences: Record<string, Json> = {};
  let nextReference = 1;
  const groups = new Map<string, Json[]>();
  for (const item of items) {
    const references: number[] = [];
    if (item.sizeGroupGuid) {
      const groupReference = nextReference++;
      const optionIds = item.sizes.map((size, index) => {
        const referenceId = nextReference++;
        optionReferences[String(referenceId)] = {
          referenceId,
          name: size.name,
          guid: size.guid,
          multiLocationId: size.multiLocationId,
          masterId: Number(size.multiLocationId),
          description: "",
          posName: size.name,
          visibility: VISIBILITY,
          price: size.price,
          pricingStrategy: "BASE_PRICE",
          pricingRules: null,
          salesCategory: null,
          taxInfo: [],
          itemTags: [],
          plu: "",
          sku: "",
          isDefault: index === 0,
          allowsDuplicates: false,
          portions: [],
          prepStations: [],
          modifierGroupReferences: [],
        };
        return referenceId;
      });
      groupReferences[String(groupReference)] = {
        referenceId: groupReference,
        name: "Size",
        guid: item.sizeGroupGuid,
        multiLocationId: `${item.multiLocationId}0`,
        masterId: Number(`${item.multiLocationId}0`),
        posName: "Size",
        visibility: VISIBILITY,
        pricingStrategy: "NONE",
        pricingRules: null,
        defaultOptionsChargePrice: "NO",
        defaultOptionsSubstitutionPricing: "NO",
        minSelections: 1,
        maxSelections: 1,
        requiredMode: "REQUIRED",
        isMultiSelect: false,
        preModifierGroupReference: null,
        modifierOptionReferences: optionIds,
      };
      references.push(groupReference);
    }
    const menuItem = {
      name: item.name,
      guid: item.guid,
      multiLocationId: item.multiLocationId,
      masterId: Number(item.multiLocationId),
      description: "",
      posName: item.name,
      posButtonColorLight: "#ffffff",
      posButtonColorDark: "#000000",
      image: null,
      visibility: VISIBILITY,
      price: item.price,
      pricingStrategy: item.sizeGroupGuid ? "SIZE_PRICE" : "BASE_PRICE",
      pricingRules: item.sizeGroupGuid
        ? { timeSpecificPricingRules: [], sizeSpecificPricingGuid: item.sizeGroupGuid, sizeSequencePricingRules: [] }
        : null,
      isDeferred: false,
      isDiscountable: true,
      salesCategory: null,
      taxInfo: [],
      itemTags: [],
      plu: "",
      sku: "",
      calories: null,
      contentAdvisories: null,
      unitOfMeasure: "NONE",
      portions: [],
      prepTime: null,
      prepStations: [],
      modifierGroupReferences: references,
      eligiblePaymentAssistancePrograms: [],
      length: null,
      height: null,
      width: null,
      dimensionUnitOfMeasure: null,
      weight: null,
      weightUnitOfMeasure: null,
      images: [],
      guestCount: null,
    };
    groups.set(item.group, [...(groups.get(item.group) ?? []), menuItem]);
  }
  const restaurantGuid = restaurant.guid as string;
  return {
    restaurantGuid,
    lastUpdated: restaurant.lastUpdated,
    restaurantTimeZone: restaurant.general.timeZone,
    menus: [
      {
        name: "Drinks",
        guid: toastGuid(`menu:${restaurantGuid}`),
        multiLocationId: "100000000000",
        masterId: 100_000_000_000,
        description: "",
        posName: "Drinks",
        posButtonColorLight: "#ffffff",
        posButtonColorDark: "#000000",
        highResImage: null,
        image: null,
        visibility: VISIBILITY,
        availability: { alwaysAvailable: true, schedule: [] },
        menuGroups: [...groups.entries()].map(([name, menuItems], index) => ({
          name,
          guid: toastGuid(`group:${restaurantGuid}:${name}`),
          multiLocationId: String(100_000_000_001 + index),
          masterId: 100_000_000_001 + index,
          description: "",
          posName: name,
          posButtonColorLight: "#ffffff",
          posButtonColorDark: "#000000",
          image: null,
          visibility: VISIBILITY,
          itemTags: [],
          menuGroups: [],
          menuItems,
        })),
      },
    ],
    modifierGroupReferences: groupReferences,
    modifierOptionReferences: optionReferences,
    preModifierGroupReferences: {},
  };
}

/** The menu group GUID an item sits in (orders name it as the selection's itemGroup). */
export const groupGuidOf = (menus: Json, itemGuid: string): string | null =>
  (((menus.menus as Json[])[0]?.menuGroups ?? []) as Json[]).find((group) =>
    (group.menuItems as Json[]).some((item) => item.guid === itemGuid),
  )?.guid ?? null;
