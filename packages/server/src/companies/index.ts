// The companies domain as other domains see it: the organisation, its configuration and its people.
export { getCompany, getCompanyConfig, listMembers } from "./company.repository.js";
