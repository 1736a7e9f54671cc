// The area-select widget: the one door routes use (features never import widgets)
export { AreaSelectMap, AreaSelectPanel } from './area-select'
export { type AreaSelection, type AreaSelectOptions, SHAPE_MODES, useAreaSelect, useLinkedUploadId } from './use-area-select'
