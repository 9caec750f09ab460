import type { searchEs } from "./messages-es";

/** English texts of the search screen and the header search box. */
export const searchEn: typeof searchEs = {
  title: "Search",
  open: "Search",
  placeholder: "Search reports and comments",
  label: "Text to search",
  submit: "Search",
  hint: "Type a word of the title, description, address, number or reporter; accents and a typo do not matter.",
  reports: "Reports ({{count}})",
  comments: "Comments ({{count}})",
  noReports: "No report matches.",
  noComments: "No comment matches.",
  loadError: "The search could not be completed.",
  tooLong: "Type at most {{max}} characters.",
  commentOn: "On report #{{id}}",
  communityUser: "Resident",
  fields: {
    title: "Title",
    description: "Description",
    address: "Address",
    reporter: "Reported by",
    id: "Number",
  },
};
