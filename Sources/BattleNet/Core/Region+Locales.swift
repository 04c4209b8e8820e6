/// Which locales a region's API accepts.
extension Region {
    /// Whether the region's API answers `locale=multi` (every locale at once); China's gateway does not document it.
    public var offersMultiLocale: Bool { self != .cn }

    /// Whether `locale` may be asked of this region: one of ``locales``, or ``BattleNetLocale/multi`` where offered.
    public func accepts(_ locale: BattleNetLocale) -> Bool {
        locales.contains(locale) || (locale == .multi && offersMultiLocale)
    }
}
