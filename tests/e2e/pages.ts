// What every page must say about itself, in each language (titles from the content modules).
export const routes = [
  { path: "/", ar: "الرئيسية", en: "Home" },
  { path: "/about", ar: "عن المنصة", en: "About" },
  { path: "/programs", ar: "برامجنا", en: "Programs" },
  { path: "/mutakallim", ar: "برنامج المتكلم", en: "Mutakallim" },
  { path: "/mutaallem", ar: "برنامج المتعلم", en: "Mutaallem" },
  { path: "/asdaa-kalima", ar: "أصداء كلمة", en: "Asdaa Kalima" },
  { path: "/community", ar: "المجتمع", en: "Community" },
  { path: "/contact", ar: "تواصل معنا", en: "Contact Us" },
] as const;

export const site = { ar: "كلمة", en: "Kalima" } as const;
