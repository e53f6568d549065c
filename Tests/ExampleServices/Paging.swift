/// Page `number` (from 1) of `items`, `size` to a page, and whether more follow: paging as an app writes it,
/// safe for any numbers a request carries (a page before the first is the first; a size is 1 to 100; a page
/// past the end, or one whose start does not fit in an `Int`, is empty).
func page<Item>(_ items: [Item], number: Int, size: Int) -> (items: [Item], more: Bool) {
    let size = min(max(size, 1), 100)
    let (start, overflow) = (max(number, 1) - 1).multipliedReportingOverflow(by: size)
    guard !overflow, start < items.count else { return ([], false) }
    return (Array(items[start...].prefix(size)), items.count - start > size)
}
